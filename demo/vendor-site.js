// The vendor site's own glue for the storefront's host events (not part of the storefront).
// A guest who must sign in (View Cart, checkout, orders) goes to this site's sign-in form:
// the one on this page when there is one, else the checkout page's.
document.addEventListener('sf-sign-in-required', function () {
  var form = document.querySelector('sf-sign-in');
  if (!form) {
    location.assign('/demo/checkout.html');
    return;
  }
  form.scrollIntoView({ behavior: 'smooth', block: 'start' });
  var field = form.shadowRoot && form.shadowRoot.querySelector('input');
  if (field) field.focus();
});
