// Issue #4: the tour map exactly as SPEC.md §2 "Map behaviour", offline: tiles come from
// fixtures/tile.png through the fake tile host, every other outside request is blocked.
// The worker's server is loaded with fixtures/import/*.json (`tourbook import`): a
// four-stop tour, a tour whose descriptions look like HTML, a one-stop and a no-stop tour.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { tourByName, type TourJSON } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { waitForHydration } from '../lib/page';
import { TILE_HOST } from '../lib/server';

test.use({ importTours: true });

const FJORDS = 'The Fjord Map Explorer';
const ESCAPING = 'The Escaping Test Trail';
const ONE_STOP = 'The Lone Lighthouse';
const NO_STOPS = 'The Mystery Tour';

interface MapView {
  zoom: number;
  center: { lat: number; lng: number };
  bounds: { south: number; west: number; north: number; east: number };
  size: { x: number; y: number };
}

/**
 * Opens the tour page, scrolls to the map as a visitor would (its code loads only when
 * it comes near the viewport) and waits until Leaflet has drawn every marker.
 */
async function openMap(page: Page, tour: TourJSON): Promise<void> {
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#map').scrollIntoViewIfNeeded();
  await expect(page.locator('#map .leaflet-marker-icon')).toHaveCount(tour.locations.length);
  await expect
    .poll(() => page.evaluate(() => !!(document.getElementById('map') as (HTMLElement & { _tourbookMap?: unknown }) | null)?._tourbookMap))
    .toBe(true);
}

async function mapView(page: Page): Promise<MapView> {
  return page.evaluate(() => {
    const map = (document.getElementById('map') as HTMLElement & { _tourbookMap: import('leaflet').Map })._tourbookMap;
    const b = map.getBounds();
    const c = map.getCenter();
    const s = map.getSize();
    return {
      zoom: map.getZoom(),
      center: { lat: c.lat, lng: c.lng },
      bounds: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
      size: { x: s.x, y: s.y },
    };
  });
}

function popupTexts(tour: TourJSON): string[] {
  return tour.locations.map((l) => `Day ${l.day}: ${l.description}`);
}

test.describe('a tour with several stops', () => {
  let tour: TourJSON;
  test.beforeEach(async ({ request }) => {
    tour = await tourByName(request, FJORDS);
    expect(tour.locations.length).toBe(4);
  });

  test('has no zoom control, and the wheel does not zoom', async ({ page }) => {
    await openMap(page, tour);
    await expect(page.locator('.leaflet-control-zoom')).toHaveCount(0);
    await expect(page.locator('.leaflet-control-zoom-in, .leaflet-control-zoom-out')).toHaveCount(0);

    const before = await mapView(page);
    await page.evaluate(() => {
      const el = document.getElementById('map') as HTMLElement & { _tourbookMap: import('leaflet').Map; _events?: string[] };
      el._events = [];
      el.addEventListener('wheel', () => el._events!.push('wheel'));
      el._tourbookMap.on('zoomstart zoom zoomend', (e) => el._events!.push(e.type));
    });
    await page.locator('#map').scrollIntoViewIfNeeded();
    const box = (await page.locator('#map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => page.evaluate(() => (document.getElementById('map') as HTMLElement & { _events: string[] })._events)).toContain('wheel');
    // Leaflet's wheel zoom would start 40 ms after the wheel (wheelDebounceTime) and animate
    // for 250 ms: watch the map for longer than that in the page's own time.
    const events = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          setTimeout(() => resolve((document.getElementById('map') as HTMLElement & { _events: string[] })._events), 600),
        ),
    );
    expect(events.filter((e) => e !== 'wheel')).toEqual([]);
    const after = await mapView(page);
    expect(after.zoom).toBe(before.zoom);
    expect(await page.evaluate(() => (document.getElementById('map') as HTMLElement & { _tourbookMap: import('leaflet').Map })._tourbookMap.scrollWheelZoom.enabled())).toBe(false);
  });

  test("one marker per stop, and every popup open at once with 'Day {day}: {description}'", async ({ page }) => {
    await openMap(page, tour);
    const attached = JSON.parse((await page.locator('#map').getAttribute('data-locations'))!) as { day: number; description: string }[];
    expect(attached.map((l) => `Day ${l.day}: ${l.description}`)).toEqual(popupTexts(tour));
    await expect(page.locator('#map .leaflet-marker-icon')).toHaveCount(tour.locations.length);
    await expect(page.locator('#map .leaflet-popup')).toHaveCount(tour.locations.length);
    const texts = await page.locator('#map .leaflet-popup-content').allTextContents();
    expect([...texts].sort()).toEqual([...popupTexts(tour)].sort());
    for (const popup of await page.locator('#map .leaflet-popup').all()) await expect(popup).toBeVisible();
    // Clicking the map closes no popup (closeOnClick: false).
    const box = (await page.locator('#map').boundingBox())!;
    await page.mouse.click(box.x + 5, box.y + box.height - 5);
    await expect(page.locator('#map .leaflet-popup')).toHaveCount(tour.locations.length);
  });

  test('the view holds every stop and is what fitBounds(bounds.pad(0.5)) gives', async ({ page }) => {
    await openMap(page, tour);
    const points = tour.locations.map((l) => [l.coordinates[1], l.coordinates[0]] as [number, number]);
    const view = await mapView(page);
    for (const [lat, lng] of points) {
      expect(lat).toBeGreaterThanOrEqual(view.bounds.south);
      expect(lat).toBeLessThanOrEqual(view.bounds.north);
      expect(lng).toBeGreaterThanOrEqual(view.bounds.west);
      expect(lng).toBeLessThanOrEqual(view.bounds.east);
    }
    // Leaflet's own answer at the same size: a second, hidden map of the same class fitted
    // to the stops' bounds padded by half their height and width on each side (what
    // LatLngBounds.pad(0.5) computes).
    const lats = points.map((p) => p[0]);
    const lngs = points.map((p) => p[1]);
    const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
    const dLat = (north - south) * 0.5;
    const dLng = (east - west) * 0.5;
    const padded: [[number, number], [number, number]] = [
      [south - dLat, west - dLng],
      [north + dLat, east + dLng],
    ];
    const unpadded: [[number, number], [number, number]] = [
      [south, west],
      [north, east],
    ];
    const [expected, tight] = await page.evaluate((boundsList) => {
      const el = document.getElementById('map') as HTMLElement & { _tourbookMap: import('leaflet').Map };
      const MapClass = el._tourbookMap.constructor as new (e: HTMLElement, o: object) => import('leaflet').Map;
      return boundsList.map((corners) => {
        const probe = document.createElement('div');
        probe.style.cssText = `position:absolute;left:-10000px;top:0;width:${el.clientWidth}px;height:${el.clientHeight}px`;
        document.body.appendChild(probe);
        const other = new MapClass(probe, { zoomControl: false, maxZoom: 19, fadeAnimation: false, zoomAnimation: false });
        other.fitBounds(corners, { animate: false });
        const result = { zoom: other.getZoom(), center: { lat: other.getCenter().lat, lng: other.getCenter().lng } };
        other.remove();
        probe.remove();
        return result;
      });
    }, [padded, unpadded]);
    // The fixture tells the two apart: without the padding Leaflet would zoom closer.
    expect(tight!.zoom).toBeGreaterThan(expected!.zoom);
    expect(view.zoom).toBe(expected!.zoom);
    expect(view.center.lat).toBeCloseTo(expected!.center.lat, 6);
    expect(view.center.lng).toBeCloseTo(expected!.center.lng, 6);
    // pad(0.5) leaves room around the stops: the view holds the padded bounds.
    expect(view.bounds.south).toBeLessThanOrEqual(padded[0][0]);
    expect(view.bounds.west).toBeLessThanOrEqual(padded[0][1]);
    expect(view.bounds.north).toBeGreaterThanOrEqual(padded[1][0]);
    expect(view.bounds.east).toBeGreaterThanOrEqual(padded[1][1]);
  });

  test('tiles follow the configured template with z ≤ 19; the attribution links to OpenStreetMap', async ({ page, guard }) => {
    await openMap(page, tour);
    const view = await mapView(page);
    await expect.poll(() => guard.tileRequests.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('#map img.leaflet-tile-loaded').count(), { message: 'tiles drawn from the fake tile host' })
      .toBeGreaterThan(0);
    for (const url of guard.tileRequests) {
      const m = /^https:\/\/([^/]+)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url);
      expect(m, url).not.toBeNull();
      const [, host, z, x, y] = m!;
      expect(host).toBe(TILE_HOST);
      const zoom = Number(z);
      expect(zoom).toBeLessThanOrEqual(19);
      expect(zoom).toBe(view.zoom);
      expect(Number(x)).toBeLessThan(2 ** zoom);
      expect(Number(y)).toBeLessThan(2 ** zoom);
    }
    const maxZoom = await page.evaluate(() => (document.getElementById('map') as HTMLElement & { _tourbookMap: import('leaflet').Map })._tourbookMap.getMaxZoom());
    expect(maxZoom).toBe(19);
    const attribution = page.locator('#map .leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]');
    await expect(attribution).toHaveText('OpenStreetMap');
    await expect(page.locator('#map .leaflet-control-attribution')).toContainText('contributors');
  });

  test('the page asks no host but the site and the tile server', async ({ page, baseURL }) => {
    const hosts = new Set<string>();
    page.on('request', (r) => {
      if (/^https?:/.test(r.url())) hosts.add(new URL(r.url()).origin);
    });
    await openMap(page, tour);
    await expect.poll(() => page.locator('#map img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    expect([...hosts].sort()).toEqual([baseURL!, `https://${TILE_HOST}`].sort());
    // Leaflet's CSS and marker images come from the site's own bundle.
    const markerSrc = await page.locator('#map .leaflet-marker-icon').first().getAttribute('src');
    expect(new URL(markerSrc!, baseURL).origin).toBe(baseURL);
  });

  test('the Content-Security-Policy allows images from the site and the tile server only', async ({ request }) => {
    const res = await request.get(`/tour/${tour.slug}`);
    const csp = res.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map((d) => [d[0]!, d.slice(1)] as const),
    );
    expect(directives.get('img-src')).toEqual(expect.arrayContaining(["'self'", `https://${TILE_HOST}`]));
    const hosts = [...directives.values()].flat().filter((v) => v.includes('://') || v.includes('*'));
    expect(hosts).toEqual([`https://${TILE_HOST}`]);
  });

  test('the map has an accessible name and does not trap keyboard focus', async ({ page }) => {
    await openMap(page, tour);
    await expect(page.locator('#map')).toHaveAccessibleName(/\S/);
    const inMap = () => page.evaluate(() => !!document.activeElement?.closest('#map'));
    // Forwards: from the map, Tab reaches something after it.
    await page.locator('#map').focus();
    expect(await inMap()).toBe(true);
    let left = false;
    for (let i = 0; i < 40 && !left; i++) {
      await page.keyboard.press('Tab');
      left = !(await inMap());
    }
    expect(left, 'Tab leaves the map').toBe(true);
    expect(
      await page.evaluate(() => {
        const map = document.getElementById('map')!;
        const el = document.activeElement!;
        return el !== document.body && !!(map.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
      'focus moved on to what follows the map',
    ).toBe(true);
    // Backwards: Shift+Tab from the map's last stop leaves it towards the top.
    await page.locator('#map').focus();
    let back = false;
    for (let i = 0; i < 40 && !back; i++) {
      await page.keyboard.press('Shift+Tab');
      back = !(await inMap());
    }
    expect(back, 'Shift+Tab leaves the map').toBe(true);
  });

  test('a screenshot of the tour page is kept, and axe finds no violations', async ({ page }, testInfo) => {
    await openMap(page, tour);
    await expect.poll(() => page.locator('#map img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    const shot = testInfo.outputPath('tour-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach('tour-page', { path: shot, contentType: 'image/png' });

    const results = await new AxeBuilder({ page }).analyze();
    const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary, 'axe violations').toEqual([]);
  });
});

test('descriptions are text: markup shows literally and no <img src=x> is made', async ({ page, request }) => {
  const tour = await tourByName(request, ESCAPING);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openMap(page, tour);
  await expect(page.locator('#map .leaflet-popup')).toHaveCount(2);
  const texts = await page.locator('#map .leaflet-popup-content').allTextContents();
  expect([...texts].sort()).toEqual(['Day 1: <img src=x onerror=alert(1)>', `Day 2: Fish & "chips" <b>not bold</b> 'quoted'`].sort());
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('#map .leaflet-popup-content b')).toHaveCount(0);
  await expect(page.locator('#map .leaflet-popup-content img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a tour with one stop gets a sensible zoom around it', async ({ page, request }) => {
  const tour = await tourByName(request, ONE_STOP);
  await openMap(page, tour);
  await expect(page.locator('#map .leaflet-popup-content')).toHaveText(popupTexts(tour));
  const view = await mapView(page);
  expect(view.zoom).toBeGreaterThanOrEqual(5);
  expect(view.zoom).toBeLessThanOrEqual(15);
  const [lng, lat] = tour.locations[0]!.coordinates;
  expect(view.center.lat).toBeCloseTo(lat, 4);
  expect(view.center.lng).toBeCloseTo(lng, 4);
});

test('a tour without stops has no map and no error', async ({ page, request, guard }) => {
  const tour = await tourByName(request, NO_STOPS);
  expect(tour.locations).toEqual([]);
  const html = await (await request.get(`/tour/${tour.slug}`)).text();
  expect(html).not.toContain('id="map"');
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(NO_STOPS);
  await expect(page.locator('#map')).toHaveCount(0);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  expect(guard.tileRequests).toEqual([]);
  expect(guard.console).toEqual([]);
});

test('the map fetches Leaflet only when it comes near the viewport', async ({ page, request }) => {
  const tour = await tourByName(request, FJORDS);
  // A phone: the map is well below the first screen.
  await page.setViewportSize({ width: 390, height: 700 });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  const box = (await page.locator('#map').boundingBox())!;
  // Farther than the 600 px ahead the map starts loading (MAP_LOAD_MARGIN).
  expect(box.y).toBeGreaterThan(700 + 600);
  // An IntersectionObserver reports its first answer at the next frames: after two, it
  // has said the map is far.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(scripts.filter((s) => s.includes('leaflet'))).toEqual([]);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('leaflet')).length)).toBe(0);
  await expect(page.locator('#map .leaflet-container, #map.leaflet-container')).toHaveCount(0);

  await page.locator('#map').scrollIntoViewIfNeeded();
  await expect(page.locator('#map .leaflet-marker-icon')).toHaveCount(tour.locations.length);
  expect(scripts.filter((s) => s.includes('leaflet'))).toHaveLength(1);
});
