import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_MESSAGES } from '@myeai/domain';
import { fill, renderWithProviders, stubApi, validationFailure } from '../../../test/render.tsx';
import { ProductFormModal } from './product-form-modal.tsx';

const CATEGORY = { id: '5b0c7a52-3f4e-4a53-9d0e-0a7f4e1d2c11', name: 'Courses' };
const SAVED = {
  id: 'p1',
  name: 'Trading course',
  description: 'Six weeks',
  category: CATEGORY,
  commission_rate_bp: 1250,
  price_cents: 4999,
  earnings_per_referral_cents: 625,
  master_link: 'https://example.com/course',
  image_url: null,
  is_active: true,
  affiliate_path: '/go/p1?ref=abc',
  stats: { clicks: 0, unique_visitors: 0, conversions: 0 },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function renderAddProduct() {
  const onClose = vi.fn();
  const view = renderWithProviders(<ProductFormModal opened product={null} categories={[CATEGORY]} onClose={onClose} />);
  return { onClose, form: within(screen.getByRole('form', { name: 'Add product' })), ...view };
}

async function fillValidProduct({ user, form }: ReturnType<typeof renderAddProduct>) {
  await fill(user, form.getByLabelText(/^Name/), 'Trading course');
  await fill(user, form.getByLabelText(/^Description/), 'Six weeks');
  await user.click(form.getByRole('textbox', { name: /^Category/ }));
  await user.click(await screen.findByRole('option', { name: 'Courses' }));
  await fill(user, form.getByLabelText(/^Price/), '49.99');
  await fill(user, form.getByLabelText(/^Commission/), '12.5');
  await fill(user, form.getByLabelText(/^Master link/), 'https://example.com/course');
}

describe('Add product dialog', () => {
  it("shows the product form rules' messages on the fields and sends nothing", async () => {
    const requests = stubApi(() => ({ status: 201, body: SAVED }));
    const { user, form } = renderAddProduct();
    await fill(user, form.getByLabelText(/^Price/), '4.999');
    await fill(user, form.getByLabelText(/^Master link/), 'javascript:alert(1)');
    await user.click(form.getByRole('button', { name: 'Add Product' }));
    expect(form.getByLabelText(/^Name/)).toHaveAccessibleDescription(PRODUCT_MESSAGES.nameRequired);
    expect(form.getByText(PRODUCT_MESSAGES.categoryRequired)).toBeVisible();
    expect(form.getByLabelText(/^Price/)).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_MESSAGES.priceInvalid));
    expect(form.getByLabelText(/^Commission/)).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_MESSAGES.commissionRequired));
    expect(form.getByLabelText(/^Master link/)).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_MESSAGES.masterLinkInvalid));
    expect(requests).toEqual([]);
  });

  it('sends the parsed product (cents, basis points, no image as null) and closes', async () => {
    const requests = stubApi(() => ({ status: 201, body: SAVED }));
    const view = renderAddProduct();
    await fillValidProduct(view);
    await view.user.click(view.form.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(view.onClose).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/admin/products',
        body: { name: 'Trading course', description: 'Six weeks', category_id: CATEGORY.id, price_cents: 4999, commission_rate_bp: 1250, master_link: 'https://example.com/course', image_url: null, is_active: true },
      },
    ]);
  });

  it("shows the server's field message on the field, the API's commission_rate_bp on Commission", async () => {
    stubApi(() => validationFailure([{ path: 'commission_rate_bp', message: PRODUCT_MESSAGES.commissionRange }]));
    const view = renderAddProduct();
    await fillValidProduct(view);
    await view.user.click(view.form.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(view.form.getByLabelText(/^Commission/)).toHaveAccessibleDescription(expect.stringContaining(PRODUCT_MESSAGES.commissionRange)));
    expect(view.onClose).not.toHaveBeenCalled();
  });
});
