import { NavLink } from 'react-router';
import { useConfig } from '../config/api/get-config';
import { SiteLink } from './site-link';

/** The site's main links, the same in the header and in the phone's drawer; each place styles them. */
export function MainLinks({ className }: { className: string }) {
  const { storeGuideUrl } = useConfig();
  return (
    <>
      <NavLink to="/Subscriptions" className={className}>
        Subscriptions
      </NavLink>
      <NavLink to="/catalog" className={className}>
        Catalog
      </NavLink>
      <SiteLink href={storeGuideUrl} className={className}>
        Store Guide
      </SiteLink>
    </>
  );
}
