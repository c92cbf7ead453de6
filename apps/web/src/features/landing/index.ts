export { LandingPage } from './landing-page.tsx';
export { LandingFiguresEditor } from './landing-figures-editor.tsx';
