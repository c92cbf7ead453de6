import type { Database } from '@myeai/db';
import type { Clock } from '../../clock.ts';
import { selectEmptyVideoSlotIds } from './video-widgets.queries.ts';
import { updateVideoWidget } from './video-widgets.service.ts';

/**
 * Demo content of the two slots: open films of the Blender Foundation (Creative Commons), labelled
 * as demo videos. Written through the admin's service function (audited as a system change, no
 * notification). Slots an admin already set up are left alone.
 */
const DEMO_VIDEOS = [
  {
    title: 'Demo video: Big Buck Bunny',
    description: 'A demo video (Blender Foundation open film). An admin replaces it with a welcome or training video from the Edit button.',
    youtube_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    rating: 4.6,
  },
  {
    title: 'Demo video: Sintel',
    description: 'A second demo video (Blender Foundation open film), shown until an admin chooses the platform’s own videos.',
    youtube_url: 'https://youtu.be/eRsGyueVLvQ',
    rating: 4.3,
  },
];

export async function seedVideoWidgetsDemo(db: Database, clock: Clock): Promise<void> {
  for (const [index, slotId] of (await selectEmptyVideoSlotIds(db)).entries()) {
    const demo = DEMO_VIDEOS[index];
    if (!demo) break;
    await updateVideoWidget(db, clock, null, slotId, { ...demo, thumbnail_url: null, is_active: true, send_notification: false });
  }
}
