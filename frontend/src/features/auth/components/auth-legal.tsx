import { Trans } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';

/** The privacy policy link and the terms entry (spec section 2: terms of service link nowhere yet). */
export function AuthLegal() {
  return (
    <p className="muted auth__legal">
      <Trans
        i18nKey="auth.legal"
        components={{ terms: <span className="auth__terms" />, privacy: <Link to="/privacy-policy" /> }}
      />
    </p>
  );
}
