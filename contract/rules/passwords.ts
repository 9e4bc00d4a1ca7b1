/** The password rule (docs/behaviour.md#sign-up-and-passwords); the server's texts of the password calls are in account-texts.ts. */

/** The shortest password a customer may choose. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
