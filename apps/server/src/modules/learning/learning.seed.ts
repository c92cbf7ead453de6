import { createReadStream } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '@myeai/db';
import { LearningCategoryInputSchema, LearningModuleInputSchema, type LearningModuleInput } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../env.ts';
import { createLearningCategory, createLearningModule } from './learning-admin.service.ts';
import { anyLearningCategoryExists, selectUploadsNamed } from './learning-demo.queries.ts';
import { learningUploadsDir, storeLearningUpload } from './learning-uploads.service.ts';

const DAY_MS = 86_400_000;

/** The seed's two committed files: a 10.8 KB WebM clip and a one-page PDF. */
export type LearningDemoAssets = { video: string; pdf: string };

type DemoModule = Omit<LearningModuleInput, 'category_id' | 'upload_id'> & {
  category: string;
  /** Uploaded from the seed's assets under this name (the name learners and admins see). */
  file?: { asset: keyof LearningDemoAssets; name: string };
};

const CATEGORIES = ['Getting Started', 'Sales & Outreach', 'Trading Basics'];

/** One module per access level at least, each collection once, videos and documents (uploaded), a YouTube link. */
const MODULES: DemoModule[] = [
  {
    title: 'Demo clip: a tour of your Business Hub',
    category: 'Getting Started',
    description: 'A short demo clip standing in for the welcome tour: where your leads, commissions, goals and learning live. An admin replaces it with the real video.',
    content_type: 'uploaded_video',
    file: { asset: 'video', name: 'business-hub-tour.webm' },
    duration_minutes: 1,
    tags: ['welcome', 'tour'],
    difficulty: 'Beginner',
    access_level: 'free',
  },
  {
    title: 'Quick-start checklist (PDF)',
    category: 'Getting Started',
    description: 'A one-page checklist for your first week: complete your profile, share your link, add five leads and set a goal.',
    content_type: 'pdf_upload',
    file: { asset: 'pdf', name: 'quick-start-checklist.pdf' },
    duration_minutes: 5,
    tags: ['checklist', 'first week'],
    difficulty: 'Beginner',
    access_level: 'free',
    collection: 'social_media_kit',
  },
  {
    title: 'Your first outreach script (PDF)',
    category: 'Sales & Outreach',
    description: 'A short script for a first message: introduce yourself, ask one question, listen, and offer the next step.',
    content_type: 'pdf_upload',
    file: { asset: 'pdf', name: 'first-outreach-script.pdf' },
    duration_minutes: 10,
    tags: ['script', 'outreach'],
    difficulty: 'Beginner',
    access_level: 'trial',
    collection: 'sales_scripts',
  },
  {
    title: 'Demo clip: following up with a lead',
    category: 'Sales & Outreach',
    description: 'A demo clip for the follow-up lesson: when to write again, what to say, and how to move a lead to the next stage.',
    content_type: 'uploaded_video',
    file: { asset: 'video', name: 'following-up.webm' },
    duration_minutes: 1,
    tags: ['follow-up', 'pipeline'],
    difficulty: 'Intermediate',
    access_level: 'subscriber',
  },
  {
    title: 'Landing page that converts',
    category: 'Sales & Outreach',
    description: 'How a referral landing page earns trust: one promise, one proof, one button. With a worked example.',
    content_type: 'youtube',
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    duration_minutes: 10,
    tags: ['landing page'],
    difficulty: 'Intermediate',
    access_level: 'subscriber',
    collection: 'landing_pages',
  },
  {
    title: 'Demo clip: reading the Trading Compass',
    category: 'Trading Basics',
    description: 'A demo clip for the Compass lesson: what a confirmed consensus is, what "voting open" means, and how old a cell is.',
    content_type: 'uploaded_video',
    file: { asset: 'video', name: 'trading-compass.webm' },
    duration_minutes: 1,
    tags: ['compass', 'consensus'],
    difficulty: 'Beginner',
    access_level: 'subscriber',
  },
  {
    title: 'Risk management for consensus signals (PDF)',
    category: 'Trading Basics',
    description: 'Position size, stop distance and when not to trade a signal: a premium guide for plan members.',
    content_type: 'pdf_upload',
    file: { asset: 'pdf', name: 'risk-management-guide.pdf' },
    duration_minutes: 15,
    tags: ['risk', 'position size'],
    difficulty: 'Advanced',
    access_level: 'premium',
  },
];

/** The names the seed stores its files under: a row with one of them whose file is gone gets it back. */
const FILE_NAMES = new Map(MODULES.flatMap((module) => (module.file ? [[module.file.name, module.file.asset] as const] : [])));

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Puts the committed files back for the seed's uploads whose file is missing from UPLOADS_DIR (a
 * test app's own empty folder on a copied database, a data folder moved without its uploads), so
 * every seeded module plays. Only the seed's own names are touched.
 */
export async function restoreLearningDemoFiles(db: Database, config: Pick<AppConfig, 'uploadsDir'>, assets: LearningDemoAssets): Promise<void> {
  const dir = learningUploadsDir(config);
  const uploads = await selectUploadsNamed(db, [...FILE_NAMES.keys()]);
  if (uploads.length > 0) await mkdir(dir, { recursive: true });
  for (const upload of uploads) {
    const target = join(dir, upload.storedName);
    if (!(await exists(target))) await copyFile(assets[FILE_NAMES.get(upload.originalName)!], target);
  }
}

/**
 * Learning categories and modules of the demo (issue 26 item 7): a module at each access level,
 * the committed WebM and PDF stored through the upload storage (sniffed, renamed, recorded as the
 * admin's upload) and the modules written by the module admin's service (its checks, its audit).
 * Runs once: a catalogue with a category is left alone.
 */
export async function seedLearningDemo(db: Database, clock: Clock, config: Pick<AppConfig, 'uploadsDir' | 'learningUploadMaxBytes'>, adminId: string, assets: LearningDemoAssets): Promise<void> {
  if (!(await anyLearningCategoryExists(db))) {
    const at = (days: number): Clock => ({ now: () => new Date(clock.now().getTime() - days * DAY_MS) });
    const categoryIds = new Map<string, string>();
    for (const [index, name] of CATEGORIES.entries()) {
      categoryIds.set(name, (await createLearningCategory(db, at(21), adminId, LearningCategoryInputSchema.parse({ name, sort_order: index }))).id);
    }
    for (const [index, { category, file, ...module }] of MODULES.entries()) {
      const upload = file
        ? await storeLearningUpload(db, at(20), config, adminId, { fileName: file.name, stream: createReadStream(assets[file.asset]), truncated: () => false })
        : undefined;
      const input = LearningModuleInputSchema.parse({ ...module, category_id: categoryIds.get(category), upload_id: upload?.id ?? null, sort_order: index });
      await createLearningModule(db, at(20 - index), adminId, input);
    }
  }
  await restoreLearningDemoFiles(db, config, assets);
}
