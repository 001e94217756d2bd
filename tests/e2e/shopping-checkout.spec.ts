import { expect, test, type Page } from '@playwright/test';
import {
  SHOPPER,
  acceptCookies,
  acceptTerms,
  addToCart,
  expectCartCount,
  fillContacts,
  orderOfResultPage,
  placeOrder,
  product,
  variationWithStock,
} from './shopping-helpers';
import { usd } from './shopping-helpers';

/** Chooses shipping to a US address; the demo shop's standard rate fits an order under $100. */
async function shipToNewYork(page: Page) {
  await page.getByText('Shipping', { exact: true }).click();
  await expect(page.getByLabel('Country *')).toHaveValue('US');
  await page.getByLabel('City *').fill('New York');
  await page.getByLabel('Street, house, apartment *').fill('214 Mercer Street');
  await page.getByLabel('ZIP code').fill('10012');
  await page.getByRole('radio', { name: /Standard shipping/ }).check();
}

test.describe('checkout', () => {
  test.beforeEach(async ({ context }) => {
    await acceptCookies(context);
  });

  test('pick-up and cash: the form checks its fields, the order is placed and the cash success screen shows it', async ({
    page,
    request,
  }) => {
    const tee = await product(request, 'organic-cotton-tee');
    const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
    await addToCart(page, 'organic-cotton-tee', variation.id, 2);
    await page.goto('/checkout');

    // Nothing filled: the required fields and the delivery terms say so, and no order is sent.
    const orders: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.method()));
    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect(page.locator('#checkout-customer-name-error')).toHaveText('Enter your name');
    await expect(page.locator('#checkout-customer-phone-error')).toHaveText('Enter a phone number');
    await expect(page.locator('#checkout-extraChecks-0-error')).toHaveText('Please confirm to place the order.');
    await page.getByLabel('Phone *').fill('call me');
    await expect(page.locator('#checkout-customer-phone-error')).toHaveText('Enter a full phone number, such as +1 212 555 0147.');
    expect(orders).toEqual([]);

    await fillContacts(page);
    await page.getByRole('radio', { name: /Brooklyn warehouse/ }).check();
    // That pick-up point takes cards only; the SoHo store takes cash too.
    await expect(page.getByRole('radio', { name: 'Cash or card on receipt' })).toHaveCount(0);
    await page.getByRole('radio', { name: /SoHo store/ }).check();
    await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
    await page.getByRole('textbox', { name: 'Comment to the order' }).fill('I will come after 6 pm');
    await acceptTerms(page);
    await expect(page.getByTestId('checkout-total')).toHaveText(`${usd(variation.price * 2)}`);
    await placeOrder(page, /\/payment\?/);

    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been placed' })).toBeVisible();
    await expect(page.getByText('You pay when you receive the order.')).toBeVisible();
    await expectCartCount(page, 0);
    const { order, reference } = await orderOfResultPage(page, request);
    await expect(page.getByText(`Order #${reference.number}`)).toBeVisible();
    expect(order).toMatchObject({
      method: 'cash',
      paymentKind: 'cash',
      totalPrice: variation.price * 2,
      customer: { name: SHOPPER.name, phone: SHOPPER.phone, email: SHOPPER.email },
      comment: 'I will come after 6 pm',
      deliveryInformation: { method: 'pickup', price: 0 },
    });
    expect(order.items).toEqual([expect.objectContaining({ variationId: variation.id, quantity: 2 })]);

    // The cart was emptied: the checkout now sends back to the cart.
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/cart$/);
  });

  test('a server refusal (the stock changed meanwhile) shows next to the cart line and keeps what was typed', async ({ page, request }) => {
    const sweater = await product(request, 'merino-crew-sweater');
    const limited = variationWithStock(sweater, 2, 12);
    await addToCart(page, 'merino-crew-sweater', limited.id, 2);
    await page.goto('/checkout');
    await fillContacts(page);
    await page.getByRole('radio', { name: 'Cash or card on receipt' }).check();
    await acceptTerms(page);

    // Someone else buys all but one piece while the shopper is on the form.
    const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
    const other = await request.post('/api/orders', {
      data: {
        items: [{ variationId: limited.id, quantity: limited.stock! - 1 }],
        customer: { name: 'Other shopper', phone: '+1 212 555 0100' },
        delivery: { method: 'pickup', locationId: locations[0]!.id },
        paymentMethod: 'cash',
        agreement: true,
      },
    });
    expect(other.status()).toBe(201);

    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect(page.locator('#checkout-items-0-error')).toHaveText('Only 1 item is available');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('First name *')).toHaveValue(SHOPPER.name);
    await expect(page.getByLabel('Phone *')).toHaveValue(SHOPPER.phone);
    await expect(page.getByRole('radio', { name: 'Cash or card on receipt' })).toBeChecked();
    await expectCartCount(page, 2);
  });

  for (const [action, heading, landing] of [
    ['Pay', 'Thank you! Your order has been received', 'The payment has been received.'],
    ['Fail', 'The payment did not go through', 'You can try to pay again'],
    ['Cancel', 'The payment was canceled', 'You can try to pay again'],
  ] as const) {
    test(`shipping and online payment through the sandbox: ${action}`, async ({ page, request }) => {
      const tee = await product(request, 'organic-cotton-tee');
      const variation = tee.variations.find((v) => v.inStock && v.price > 0)!;
      await addToCart(page, 'organic-cotton-tee', variation.id, 1);
      await page.goto('/checkout');
      await fillContacts(page);
      await shipToNewYork(page);
      await expect(page.getByTestId('delivery-cost')).toHaveText('$7.99');
      const total = Math.round((variation.price + 7.99) * 100) / 100;
      await expect(page.getByTestId('checkout-total')).toHaveText(`${usd(total)}`);
      await page.getByRole('radio', { name: 'Bank card online' }).check();
      await acceptTerms(page);
      await placeOrder(page, /\/api\/payment\/sandbox\//);

      await expect(page.getByText(`${usd(total)}`)).toBeVisible();
      await page.getByRole('button', { name: action, exact: true }).click();
      await page.waitForURL(/\/payment\?/);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByText(landing)).toBeVisible();
      const { order } = await orderOfResultPage(page, request);
      expect(order).toMatchObject({
        paymentKind: 'online',
        paymentStatus: { Pay: 'completed', Fail: 'failed', Cancel: 'canceled' }[action],
        totalPrice: total,
        deliveryInformation: {
          method: 'shipping',
          price: 7.99,
          address: { country: 'US', locality: 'New York', street: '214 Mercer Street' },
        },
      });
      await expectCartCount(page, 0);

      if (action !== 'Pay') {
        await expect(page.getByRole('button', { name: 'Contact the manager' })).toBeVisible();
        // Trying again starts a new payment of the same order.
        await page.getByRole('button', { name: 'Try to pay again' }).click();
        await page.waitForURL(/\/api\/payment\/sandbox\//);
        await page.getByRole('button', { name: 'Pay', exact: true }).click();
        await page.waitForURL(/\/payment\?/);
        await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();
      }
    });
  }

  test('the payment initialization failed screen starts the payment again', async ({ page, request }) => {
    const tee = await product(request, 'organic-cotton-tee');
    const locations = (await (await request.get('/api/locations')).json()) as { id: string }[];
    const placed = await request.post('/api/orders', {
      data: {
        items: [{ variationId: tee.variations.find((v) => v.inStock && v.price > 0)!.id, quantity: 1 }],
        customer: { name: 'Ann', phone: '+1 212 555 0147' },
        delivery: { method: 'pickup', locationId: locations[0]!.id },
        paymentMethod: 'card',
        agreement: true,
      },
    });
    expect(placed.status()).toBe(201);
    const order = (await placed.json()) as { number: number; secretToken: string };
    await page.goto(`/payment?order=${order.number}&token=${encodeURIComponent(order.secretToken)}&error=initialization`);
    await expect(page.getByRole('heading', { name: 'Payment initialization failed' })).toBeVisible();
    await page.getByRole('button', { name: 'Try to pay again' }).click();
    await page.waitForURL(/\/api\/payment\/sandbox\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/payment\?/);
    await expect(page.getByRole('heading', { name: 'Thank you! Your order has been received' })).toBeVisible();
  });

  test('payment methods that fail to load stop the order with the reload message', async ({ page }) => {
    await addToCart(page, 'organic-cotton-tee');
    await page.route('**/api/configs/payments-available-methods-by-location**', (route) => route.abort());
    const orders: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/orders') && orders.push(r.method()));
    await page.goto('/checkout');
    await expect(page.getByText('Payment methods not loaded, please reload the page')).toBeVisible();
    await fillContacts(page);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Place the order' }).click();
    await expect(page.getByText('Please check the highlighted fields.')).toBeVisible();
    expect(orders).toEqual([]);
  });

  test('provider notifications to /payment/notification reach the API, which refuses an unsigned one', async ({ request }) => {
    const response = await request.post('/payment/notification', { data: { transactionId: 'x', status: 'completed' } });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, status: 401, message: 'Invalid payment notification signature' });
  });

  test('an order that cannot be read shows no details: not found, or cash failed for a placed cash order', async ({ page }) => {
    await page.goto('/payment?order=999999&token=nope&error=initialization');
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await page.goto('/payment?order=999999&token=nope&kind=cash');
    await expect(page.getByRole('heading', { name: 'The order is placed, but an error occurred' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact the manager' })).toHaveAttribute(
      'data-default-comment',
      'A question about order #999999',
    );
  });
});
