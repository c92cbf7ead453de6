export { VideoWidgetsSection } from './components/video-widgets-section.tsx';
export { videoWidgetsQuery } from './api/video-widgets-api.ts';
