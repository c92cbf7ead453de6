export {
  createCategory,
  createProduct,
  listCategories,
  type ProductViewer,
} from './products.service.ts';
export { findConversionProduct, findRedirectTarget } from './products.queries.ts';
