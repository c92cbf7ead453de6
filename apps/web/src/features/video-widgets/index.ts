export { VideoWidgetsSection } from './components/video-widgets-section.tsx';
