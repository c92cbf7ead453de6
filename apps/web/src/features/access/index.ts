export { AccessDenied } from './access-denied.tsx';
export { NotFoundPage } from './not-found-page.tsx';
