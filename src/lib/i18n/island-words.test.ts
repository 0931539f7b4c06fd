import { describe, expect, it } from 'vitest';
import { islandWords } from './island-words';

describe('the words a page hands its booking-path island', () => {
  it('gives a Spanish island its Spanish words, the server messages’ catalog and the Spanish pages it links to', async () => {
    const es = await islandWords('es', { checkout: true });
    expect(es.cart.add).toBe('Agregar al carrito');
    expect(es.checkout?.placeAndPayDeposit).toBe('Reservar y pagar el depósito');
    // The credit step (loaded only when asked for) reads its words from the same slice.
    expect(es.checkout?.creditUse).toBe('Usar mi crédito');
    expect(es.errors?.['Enter your name']).toBe('Escriba su nombre');
    expect(es.localPaths).toEqual(['/cart', '/checkout', '/booking-success', '/products', '/products/', '/at', '/terms', '/cancellation-policy', '/track-order', '/sign-waiver', '/waiver']);
  });

  it('gives an English island English words only, nothing to translate and no other pages', async () => {
    const en = await islandWords('en');
    expect(en.cart.add).toBe('Add to cart');
    expect(en.checkout).toBeNull();
    expect(en.errors).toBeNull();
    expect(en.localPaths).toEqual([]);
    expect(JSON.stringify(en)).not.toMatch(/carrito|Escriba/);
  });

  it('gives the pages after a booking and a payment the way back to the owner’s website and the guests’ QR code in their language, and no other page', async () => {
    expect((await islandWords('es', { checkout: true, hostSite: true })).hostSite?.backTo).toBe('Volver a {host}');
    expect((await islandWords('en', { hostSite: true })).hostSite?.backTo).toBe('Back to {host}');
    expect((await islandWords('es', { checkout: true })).hostSite).toBeNull();
    const qr = (await islandWords('es', { checkout: true, waiverQr: true })).waiverQr;
    expect(qr?.open).toBe('Ábralo en su propia página para imprimirlo');
    expect((await islandWords('en', { checkout: true })).waiverQr).toBeNull();
  });
});
