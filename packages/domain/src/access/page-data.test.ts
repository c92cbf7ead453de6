import { describe, expect, it } from 'vitest';
import { pageDataPaths } from './page-data.ts';

describe('pageDataPaths (the first reads a signed-in page makes)', () => {
  it('gives the Business Hub the data of the role’s home (the cockpit’s figures or the home) and the video widgets of the viewer’s role', () => {
    expect(pageDataPaths('/dashboard', 'affiliate')).toEqual(['/api/dashboard/stats', '/api/video-widgets']);
    expect(pageDataPaths('/dashboard', 'newcomer')).toEqual(['/api/dashboard/home', '/api/video-widgets']);
    expect(pageDataPaths('/dashboard', 'admin')).toEqual(['/api/dashboard/home', '/api/admin/video-widgets']);
  });

  it('gives nothing for a page without first reads, an unknown page or a page the role may not open', () => {
    expect(pageDataPaths('/leads', 'affiliate')).toEqual([]);
    expect(pageDataPaths('/no-such-page', 'affiliate')).toEqual([]);
    expect(pageDataPaths('/trading-admin', 'affiliate')).toEqual([]);
  });
});
