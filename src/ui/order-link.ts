/** An order's link from a template (an element's `*-href` attribute): `{id}` is the order id. */
export const orderLink = (template: string, orderId: number): string => template.replace('{id}', encodeURIComponent(String(orderId)));
