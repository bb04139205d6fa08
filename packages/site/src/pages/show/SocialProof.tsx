/** @jsxRuntime automatic */

/**
 * The place of the social-proof popups (spec 2.9 'N tickets were bought' and 'N visitors
 * browsing', 4, 9): the page's script (client/show/proof.ts) asks `{currentPath}showInfo/` and
 * shows each number that is above zero, worded by the contract's ticketsBoughtText and
 * visitorsBrowsingText.
 */
export function SocialProof({ showUrl }: { showUrl: string }) {
  return <div className="social-proof" data-social-proof={showUrl} role="status" aria-live="polite" />;
}
