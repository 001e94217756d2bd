import { Link } from 'react-router';
import { useT } from '../i18n';

export default function NotFound() {
  const t = useT();
  return (
    <>
      <h1>{t('errors.notFound')}</h1>
      <p>
        <Link to="/">{t('nav.dashboard')}</Link>
      </p>
    </>
  );
}
