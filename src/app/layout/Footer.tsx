// The footer (ordering.md section 2): the location's address with a map link, hours per weekday, phone, website and
// social links; app-store links when configured; About Us, Terms, Privacy, 'Change my location'; and the session
// log support asks for, as a quiet link under Help.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { addressLines, contactOf, mapSearchUrl } from '../../domain/address';
import { weeklyHours } from '../../domain/time/hoursDisplay';
import { useLocationChooser } from '../shell/LocationChooserContext';
import { usePhoneDisplay } from '../hooks/usePhoneDisplay';
import { useView } from '../hooks/useView';
import { useRuntime } from '../runtime/RuntimeContext';
import { useShareVisit } from '../shell/ShareVisitContext';
import { PROVIDER, SOCIAL_NETWORKS, displayHost, policyUrl, policyValues, telHref, webUrl } from '../../domain/footerLinks';
import { ClockIcon, GlobeIcon, PhoneIcon, PinIcon } from './icons';
import './footer.css';

/** Links that leave the storefront open in a new tab, so the bag stays where the shopper left it. */
function OutLink({ href, className, children }: { readonly href: string; readonly className?: string; readonly children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function Footer() {
  const { config, views } = useRuntime();
  const catalog = useView(views.catalog);
  const current = useView(views.location);
  // The app's clock, not the device's: a replay shows the log's year, and an open page turns the year at midnight.
  const year = new Date(useView(views.minute)).getFullYear();
  const chooser = useLocationChooser();
  const shareVisit = useShareVisit();
  const location = current?.location ?? null;
  const businessName = catalog?.catalog.Name ?? '';
  const phone = contactOf(location?.Contacts, 'Phone');
  const phoneShown = usePhoneDisplay(phone ?? '');
  const website = webUrl(contactOf(location?.Contacts, 'Website'));
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = webUrl(contactOf(location?.Contacts, network));
    return href ? [{ network, href }] : [];
  });
  const values = policyValues(config, location);
  const termsUrl = policyUrl(config.TermsUrl, values);
  const privacyUrl = policyUrl(config.PrivacyUrl, values);
  const androidUrl = webUrl(config.AndroidAppUrl);
  const appleUrl = webUrl(config.AppleAppUrl);

  return (
    <footer className="site-footer">
      <div className="container site-footer-grid">
        {location ? (
          <section className="site-footer-section" aria-labelledby="site-footer-visit">
            <h2 id="site-footer-visit" className="site-footer-heading">
              Visit us
            </h2>
            <p className="site-footer-location-name">{location.Name}</p>
            <address className="site-footer-address">
              <p className="site-footer-line">
                <PinIcon />
                <span>
                  {addressLines(location.Address).map((line) => (
                    <span key={line} className="site-footer-address-line">
                      {line}
                    </span>
                  ))}
                  <OutLink href={mapSearchUrl(location)} className="site-footer-map">
                    View on map
                  </OutLink>
                </span>
              </p>
              {phone ? (
                <p className="site-footer-line">
                  <PhoneIcon />
                  <a href={telHref(phone)}>{phoneShown}</a>
                </p>
              ) : null}
              {website ? (
                <p className="site-footer-line">
                  <GlobeIcon />
                  <OutLink href={website}>{displayHost(website)}</OutLink>
                </p>
              ) : null}
            </address>
            {socials.length > 0 ? (
              <ul className="site-footer-socials" aria-label="Follow us">
                {socials.map(({ network, href }) => (
                  <li key={network}>
                    <OutLink href={href} className="site-footer-pill">
                      {network}
                    </OutLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}

        {location ? (
          <section className="site-footer-section" aria-labelledby="site-footer-hours">
            <h2 id="site-footer-hours" className="site-footer-heading">
              <ClockIcon /> Hours
            </h2>
            <table className="site-footer-hours">
              <caption className="visually-hidden">Opening hours of {location.Name}</caption>
              <tbody>
                {weeklyHours(location).map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.dayName}</th>
                    <td>{day.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}

        <section className="site-footer-section" aria-labelledby="site-footer-more">
          <h2 id="site-footer-more" className="site-footer-heading">
            {businessName || 'More'}
          </h2>
          <ul className="site-footer-links">
            <li>
              <Link to="/about">About Us</Link>
            </li>
            {termsUrl ? (
              <li>
                <OutLink href={termsUrl}>Terms</OutLink>
              </li>
            ) : null}
            {privacyUrl ? (
              <li>
                <OutLink href={privacyUrl}>Privacy</OutLink>
              </li>
            ) : null}
            {chooser.canChange ? (
              <li>
                <button type="button" className="btn-link site-footer-change" onClick={chooser.open}>
                  Change my location
                </button>
              </li>
            ) : null}
          </ul>
          {androidUrl || appleUrl ? (
            <ul className="site-footer-apps" aria-label="Get the app">
              {appleUrl ? (
                <li>
                  <OutLink href={appleUrl} className="site-footer-app">
                    <small>Download on the</small> App Store
                  </OutLink>
                </li>
              ) : null}
              {androidUrl ? (
                <li>
                  <OutLink href={androidUrl} className="site-footer-app">
                    <small>Get it on</small> Google Play
                  </OutLink>
                </li>
              ) : null}
            </ul>
          ) : null}
        </section>

        <section className="site-footer-section" aria-labelledby="site-footer-help">
          <h2 id="site-footer-help" className="site-footer-heading">
            Help
          </h2>
          <ul className="site-footer-links">
            <li>
              <button type="button" className="btn-link site-footer-log" onClick={shareVisit.open} aria-describedby="site-footer-log-hint">
                Share this visit with support
              </button>
              <p id="site-footer-log-hint" className="site-footer-hint">
                Sends a record of this visit to support when you agree, with personal details removed. It never holds passwords or card data.
              </p>
            </li>
          </ul>
        </section>
      </div>

      <div className="site-footer-base">
        <div className="container site-footer-base-row">
          <p className="site-footer-legal">
            © {year} {businessName} · <OutLink href={PROVIDER.url}>Online ordering by {PROVIDER.name}</OutLink>
          </p>
        </div>
      </div>
    </footer>
  );
}
