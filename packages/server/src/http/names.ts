/** Name of the session parameter (meta tag session-name) and of the CSRF parameter (meta csrf-param). */
export const SESSION_PARAM = 'sid';
export const CSRF_PARAM = '_csrf';
