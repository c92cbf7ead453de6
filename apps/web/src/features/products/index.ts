export { ProductsPage } from './components/products-page.tsx';
