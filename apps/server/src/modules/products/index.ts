export {
  createCategory,
  createProduct,
  findConversionProduct,
  findRedirectTarget,
  listCategories,
  type ProductViewer,
} from './products.service.ts';
