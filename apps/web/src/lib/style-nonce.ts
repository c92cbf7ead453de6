import { setNonce } from 'get-nonce';

/**
 * The page's CSP nonce: the server's content security policy refuses any inline <style> without
 * it (docs/decisions/027-content-security-policy.md). The server writes it on a meta tag; read
 * from the property, as browsers blank the attribute once parsed.
 */
export const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

// The scroll lock of Mantine's modals and drawers (react-remove-scroll) writes its <style> with
// the nonce get-nonce holds; Mantine's own style tags get it through MantineProvider getStyleNonce.
setNonce(styleNonce);
