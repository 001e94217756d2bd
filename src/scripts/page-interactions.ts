/**
 * The only script every page loads: tiny, framework-free. It wires elements marked in the HTML to
 * features whose code is loaded on first use, so a page with nothing interactive runs no React.
 *
 *   <button data-lead-form data-default-comment="..." data-title="...">  opens the lead form modal
 */
async function openModalLazily(type: 'LeadForm' | 'AccountAuthForm', details: Record<string, unknown>) {
  const [{ mountModals }, { openModal }] = await Promise.all([import('../islands/mount-modals'), import('../stores/modal')]);
  mountModals();
  openModal(type, details);
}

document.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-lead-form], [data-auth-form]');
  if (!target) return;
  event.preventDefault();
  if (target.hasAttribute('data-lead-form')) {
    void openModalLazily('LeadForm', {
      title: target.dataset.title,
      comment: target.dataset.defaultComment,
      productId: target.dataset.productId,
    });
  } else {
    void openModalLazily('AccountAuthForm', { type: target.dataset.authForm || 'signin' });
  }
});
