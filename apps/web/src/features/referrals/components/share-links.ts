/** Spec 2 "Referral dashboard": the networks' own share URLs, each with the share text; the link carries utm_source so the analytics name the network. */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'whatsapp', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export const SHARE_NETWORK_LABELS: Record<ShareNetwork, string> = {
  facebook: 'Facebook',
  x: 'X (Twitter)',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

export function taggedLink(shortLink: string, network: ShareNetwork): string {
  return `${shortLink}?utm_source=${network}`;
}

/** The share URL for a network; `text` already names the code with its prefix and the link. */
export function shareUrl(network: ShareNetwork, input: { shortLink: string; text: string }): string {
  const link = taggedLink(input.shortLink, network);
  const text = input.text.replace(input.shortLink, link);
  const e = encodeURIComponent;
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(link)}&quote=${e(text)}`;
    case 'x':
      return `https://twitter.com/intent/tweet?text=${e(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${e(link)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(text)}`;
    case 'email':
      return `mailto:?subject=${e('Join me on MYEAI')}&body=${e(text)}`;
  }
}
