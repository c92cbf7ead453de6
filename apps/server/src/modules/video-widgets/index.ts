/** What other modules may use of the video widgets feature. */
export { videoWidgetJobHandlers } from './video-widgets.jobs.ts';
export { seedVideoWidgetsDemo } from './video-widgets.seed.ts';
export { listActiveVideoWidgets, VIDEO_NOTIFY_JOB } from './video-widgets.service.ts';
