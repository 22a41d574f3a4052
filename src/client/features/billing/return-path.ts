/**
 * Where a purchase started: the editor's purchase gate sends the user to /subscription?return=/editor/{id},
 * and once the payment has gone through they land back on that release, ready to send. Only the editor's
 * own paths are followed, so the parameter cannot send anyone elsewhere.
 */
const EDITOR_PATH = /^\/editor(\/[0-9a-f-]{36})?$/i;

export function returnPathFrom(search: URLSearchParams): string | undefined {
  const path = search.get('return') ?? '';
  return EDITOR_PATH.test(path) ? path : undefined;
}

/** The page to open after a successful payment. */
export function afterPaymentPath(search: URLSearchParams): string {
  const back = returnPathFrom(search);
  return back ? `${back}?paid=1` : '/subscription?success=true';
}

/** Stripe's return address after 3-D Secure keeps the way back. */
export function stripeReturnUrl(search: URLSearchParams): string {
  const back = returnPathFrom(search);
  return `${window.location.origin}/subscription?success=true${back ? `&return=${encodeURIComponent(back)}` : ''}`;
}
