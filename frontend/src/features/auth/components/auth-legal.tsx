import { Trans } from 'react-i18next';
import { Link } from 'react-router-dom';
import './auth-extras.css';

/** By signing in or up, the user agrees to the Terms of Service and the Privacy Policy (both linked). */
export function AuthLegal() {
  return (
    <p className="muted auth__legal">
      <Trans
        i18nKey="auth.legal"
        components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy-policy" /> }}
      />
    </p>
  );
}
