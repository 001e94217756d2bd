/**
 * The admin live preview (spec 2.4) for the shop builder: the channel is loaded only when the page is
 * framed (by the builder) or opened with ?preview=1, so visitors load nothing more than this check.
 */
const framed = window.top !== window;
if (framed || new URLSearchParams(window.location.search).get('preview') === '1') {
  void import('./preview/channel').then(({ startPreviewChannel }) => startPreviewChannel());
}
