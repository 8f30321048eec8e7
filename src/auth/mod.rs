//! Authenticators: AllowAllAuthenticator and SimpleAuthenticator.
