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

// The vendor's analytics (here only a dataLayer, as a site with Google Tag Manager has): each event the storefront
// reports once the customer agrees is listed in the footer, so the demo shows what a vendor's tags would receive.
window.dataLayer = window.dataLayer || [];
(function () {
  var layer = window.dataLayer;
  var push = layer.push.bind(layer);
  layer.push = function () {
    var list = document.getElementById('analytics-log');
    for (var i = 0; i < arguments.length; i += 1) {
      var entry = arguments[i];
      if (!list || Object.prototype.toString.call(entry) !== '[object Arguments]' || entry[0] !== 'event') continue;
      var item = document.createElement('li');
      var params = entry[2] || {};
      item.textContent = entry[1] + (params.value !== undefined ? ' · ' + params.currency + ' ' + params.value : '') + ' · ' + (params.items || []).map(function (it) { return it.quantity + ' × ' + it.item_name; }).join(', ');
      list.append(item);
    }
    return push.apply(null, arguments);
  };
})();
