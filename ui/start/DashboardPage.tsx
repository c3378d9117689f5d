/** /user-dashboard: the administrator's avatar card; the core decides where a press leads. */
import { useActions, useCore } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Avatar } from '../common/Avatar';
import { Busy } from '../common/Busy';
import { NameText } from '../common/NameText';

export function DashboardPage() {
  const t = useT();
  const { dispatch } = useActions();
  const admin = useCore((s) => s.settings.data?.admin_name ?? '');
  const loading = useCore((s) => s.settings.status === 'pending');
  const name = admin || t('menu.noAdmin');
  return (
    <section className="page page-centered dashboard" aria-labelledby="dashboard-title">
      <header className="page-head">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      </header>
      <div className="page-body dashboard-body">
        {/* Named by what it shows (name and role): a spoken command matches the visible text (WCAG 2.5.3). */}
        <button
          type="button"
          className="avatar-card"
          onClick={() => dispatch({ type: 'ui/dashboardCardPressed' })}
          disabled={loading}
          data-testid="avatar-card"
        >
          <Avatar name={admin} size={200} />
          <NameText name={name} lines={3} inControl className="avatar-card-name" />
          <span className="avatar-card-role">{t('dashboard.role')}</span>
        </button>
        <Busy active={loading} />
      </div>
    </section>
  );
}
