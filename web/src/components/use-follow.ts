import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string; external?: boolean };
}

/**
 * Cloudscape links and buttons render real `href`s (so open-in-new-tab works); a plain click is
 * turned into client-side navigation here instead of a full page load.
 */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external || /^[a-z]+:/i.test(href)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
