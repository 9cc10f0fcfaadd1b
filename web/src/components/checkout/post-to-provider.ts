/**
 * Spec §4 Payment: the browser posts a form to the provider's link with the checkout's hidden
 * fields, into a new window so the booking's own page stays open and follows the payment live.
 * A provider with a hosted page of its own (Stripe) is simply opened.
 */
export function postToProvider(checkout: { link: string; method: 'POST' | 'GET'; fields: Record<string, string> }, target = '_blank'): void {
  if (checkout.method === 'GET') {
    window.open(checkout.link, target, 'noopener');
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkout.link;
  form.target = target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
