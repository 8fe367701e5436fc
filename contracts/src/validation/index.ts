/** Validators of the ticket and plan documents (SPEC section 5) and their messages (SPEC section 8). */
export * from './messages';
export * from './validate';
