/** Store feedback (store_feedback): the longest texts it takes, and how many one network may send per window. */
export const FEEDBACK_COMMENT_MAX = 1000;
export const FEEDBACK_NAME_MAX = 100;
export const FEEDBACK_CONTACT_MAX = 100;
export const FEEDBACK_PER_ADDRESS = 20;
export const FEEDBACK_WINDOW_MINUTES = 60;
/** The 429 text past FEEDBACK_PER_ADDRESS (the storefront shows it in the customer's language). */
export const FEEDBACK_TOO_MANY = 'Too many feedback messages from your network. Please try again later.';
