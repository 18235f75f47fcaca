import type { Map as MapLibreMap } from 'maplibre-gl';
import { clusterImageId } from '../icons/imageIds.ts';
import type { DeviceFeature } from '../deviceFeatures.ts';
import { clusterByDistance, roundedCount, type Cluster, type Clustering } from './clusters.ts';
import { FleetImages } from './fleetImages.ts';
import { placeLabels } from './labelPlacement.ts';
import { latitudeOf, longitudeOf, mercatorX, mercatorY, screenTransform, WORLD_SIZE } from './mercator.ts';

/** Past this zoom every device is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 14;
/** A few dozen markers read better one by one: clustering, when on, starts with a crowd. */
export const CLUSTER_MIN_DEVICES = 100;
/** Devices within this many screen pixels (at the zoom level) of a cluster's first one join it. */
const CLUSTER_RADIUS_PX = 50;
/** Marker hit radius and label placement, in CSS pixels (the marker image is 36 px). */
const MARKER_RADIUS = 18;
const LABEL_OFFSET = 20;
const SELECTION_RADIUS = 24;
/** Points this far off the edges still draw, so markers slide in rather than pop. */
const MARGIN = 60;

export interface FleetStyle {
  cluster: boolean;
  precision: boolean;
  selectedId: number | null;
  /** Accuracy circles and the selection ring. */
  accuracyColor: string;
  selectionColor: string;
}

/** A device as drawn, for hit tests and end-to-end tests. */
export interface DrawnDevice {
  deviceId: number;
  lng: number;
  lat: number;
  x: number;
  y: number;
}

export interface DrawnCluster extends Cluster {
  screenX: number;
  screenY: number;
  radius: number;
}

export type FleetHit = { deviceId: number } | { cluster: DrawnCluster } | null;

/**
 * The live fleet drawn on a 2D canvas laid over the map, instead of as MapLibre layers. Without a
 * GPU (software WebGL, as on thin clients and virtual desktops) every WebGL frame of a full map
 * costs the page's main thread 100–250 ms, and MapLibre redraws the whole map for each batch of
 * moved markers; on this canvas a batch costs a few milliseconds of drawing and the map itself
 * repaints only when its camera moves. The canvas is redrawn inside MapLibre's own frame when the
 * camera moves (so markers never lag the map), at once when devices change, and on the next
 * animation frame for a change of style.
 */
export class FleetRenderer {
  private readonly canvas = document.createElement('canvas');
  private readonly context: CanvasRenderingContext2D;
  private readonly pixelRatio = window.devicePixelRatio || 1;
  readonly images = new FleetImages(this.pixelRatio);

  private features: DeviceFeature[] = [];
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);
  private style: FleetStyle = { cluster: true, precision: false, selectedId: null, accuracyColor: '#1976d2', selectionColor: '#9c27b0' };
  /** The clustering of the current features at one zoom level, until either changes. */
  private clustering: { level: number; result: Clustering } | null = null;
  private cameraMoved = true;
  private frame: number | null = null;
  private drawnDevices: DrawnDevice[] = [];
  private drawnClusters: DrawnCluster[] = [];
  /** Called after each drawing (the bench notes when the fleet first appears). */
  onDrawn: ((devices: number, clusters: number) => void) | null = null;

  constructor(private readonly map: MapLibreMap) {
    const context = this.canvas.getContext('2d');
    if (!context) throw new Error('2D canvas unavailable');
    this.context = context;
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', pointerEvents: 'none' });
    this.canvas.setAttribute('aria-hidden', 'true');
    map.getCanvasContainer().appendChild(this.canvas);
    map.on('move', this.onMove);
    map.on('resize', this.onMove);
    map.on('render', this.onRender);
    this.request();
  }

  destroy(): void {
    this.map.off('move', this.onMove);
    this.map.off('resize', this.onMove);
    this.map.off('render', this.onRender);
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.canvas.remove();
  }

  /** The devices to draw (already filtered); their Mercator positions are computed once here. */
  setFeatures(features: DeviceFeature[]): void {
    this.features = features;
    if (this.xs.length < features.length) {
      this.xs = new Float64Array(features.length * 1.25 + 16);
      this.ys = new Float64Array(features.length * 1.25 + 16);
    }
    features.forEach((feature, i) => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      this.xs[i] = mercatorX(lng);
      this.ys[i] = mercatorY(lat);
    });
    this.clustering = null;
    // drawn now: new positions come at most twice a second, and a frame may be long in coming
    this.drawNow();
  }

  setStyle(style: Partial<FleetStyle>): void {
    if (style.cluster !== undefined && style.cluster !== this.style.cluster) this.clustering = null;
    this.style = { ...this.style, ...style };
    this.request();
  }

  /** The device or cluster under a screen point: markers over clusters, the last drawn on top. */
  hit(point: { x: number; y: number }): FleetHit {
    for (let i = this.drawnDevices.length - 1; i >= 0; i--) {
      const drawn = this.drawnDevices[i];
      if ((drawn.x - point.x) ** 2 + (drawn.y - point.y) ** 2 <= MARKER_RADIUS ** 2) return { deviceId: drawn.deviceId };
    }
    for (let i = this.drawnClusters.length - 1; i >= 0; i--) {
      const cluster = this.drawnClusters[i];
      if ((cluster.screenX - point.x) ** 2 + (cluster.screenY - point.y) ** 2 <= cluster.radius ** 2) return { cluster };
    }
    return null;
  }

  /** Zooms in until the cluster's devices come apart. */
  expand(cluster: Cluster): void {
    const spread = Math.max(cluster.maxX - cluster.minX, cluster.maxY - cluster.minY);
    const center: [number, number] = [longitudeOf(cluster.x), latitudeOf(cluster.y)];
    if (spread === 0) {
      this.map.easeTo({ center, zoom: CLUSTER_MAX_ZOOM + 1 });
      return;
    }
    this.map.fitBounds(
      [[longitudeOf(cluster.minX), latitudeOf(cluster.maxY)], [longitudeOf(cluster.maxX), latitudeOf(cluster.minY)]],
      { padding: 64, maxZoom: CLUSTER_MAX_ZOOM + 1 },
    );
  }

  /** What the canvas shows now, for end-to-end tests. */
  drawn(): { devices: DrawnDevice[]; clusters: DrawnCluster[] } {
    return { devices: this.drawnDevices, clusters: this.drawnClusters };
  }

  private readonly onMove = () => {
    this.cameraMoved = true;
  };

  /** MapLibre is drawing a frame: a moved camera is followed in the same frame. */
  private readonly onRender = () => {
    if (this.cameraMoved) this.drawNow();
  };

  /** Draws at once, instead of at the frame asked for, if any. */
  private drawNow(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.draw();
  }

  private request(): void {
    this.frame ??= requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  private resize(): { width: number; height: number } {
    const { clientWidth: width, clientHeight: height } = this.map.getContainer();
    const pixelWidth = Math.round(width * this.pixelRatio);
    const pixelHeight = Math.round(height * this.pixelRatio);
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    return { width, height };
  }

  private clustered(zoom: number): Clustering | null {
    const count = this.features.length;
    if (!this.style.cluster || count < CLUSTER_MIN_DEVICES) return null;
    const level = Math.floor(zoom);
    if (level > CLUSTER_MAX_ZOOM) return null;
    if (this.clustering?.level !== level) {
      this.clustering = { level, result: clusterByDistance(this.xs, this.ys, count, CLUSTER_RADIUS_PX / (WORLD_SIZE * 2 ** level)) };
    }
    return this.clustering.result;
  }

  private draw(): void {
    this.cameraMoved = false;
    const { width, height } = this.resize();
    const context = this.context;
    context.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    context.clearRect(0, 0, width, height);

    const map = this.map;
    const zoom = map.getZoom();
    const bearing = map.getBearing();
    const transform = screenTransform({ center: map.getCenter(), zoom, pitch: map.getPitch(), project: (lngLat) => map.project(lngLat) });
    const visible = (x: number, y: number) => x > -MARGIN && y > -MARGIN && x < width + MARGIN && y < height + MARGIN;
    const clustering = this.clustered(zoom);
    const singles = clustering?.singles;
    const count = singles ? singles.length : this.features.length;

    // the singles on screen, with their screen positions
    const devices: DrawnDevice[] = [];
    const indexes: number[] = [];
    const affine = transform.affine;
    for (let k = 0; k < count; k++) {
      const i = singles ? singles[k] : k;
      const mx = this.xs[i];
      const my = this.ys[i];
      let x: number;
      let y: number;
      if (affine) {
        x = affine[0] * mx + affine[1] * my + affine[4];
        y = affine[2] * mx + affine[3] * my + affine[5];
      } else {
        [x, y] = transform.toScreen(mx, my);
      }
      if (!visible(x, y)) continue;
      const feature = this.features[i];
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      devices.push({ deviceId: feature.properties.deviceId, lng, lat, x, y });
      indexes.push(i);
    }
    const clusters: DrawnCluster[] = [];
    for (const cluster of clustering?.clusters ?? []) {
      const [screenX, screenY] = transform.toScreen(cluster.x, cluster.y);
      if (visible(screenX, screenY)) clusters.push({ ...cluster, screenX, screenY, radius: 0 });
    }

    const { precision, selectedId, accuracyColor, selectionColor } = this.style;
    if (precision) {
      const scale = 2 ** zoom;
      context.fillStyle = accuracyColor;
      context.strokeStyle = accuracyColor;
      context.lineWidth = 1;
      devices.forEach((device, k) => {
        const radius = this.features[indexes[k]].properties.accuracy0 * scale;
        if (radius <= 0) return;
        context.beginPath();
        context.arc(device.x, device.y, radius, 0, Math.PI * 2);
        context.globalAlpha = 0.12;
        context.fill();
        context.globalAlpha = 0.5;
        context.stroke();
      });
      context.globalAlpha = 1;
    }
    const selected = selectedId === null ? undefined : devices.find((device) => device.deviceId === selectedId);
    if (selected) {
      context.beginPath();
      context.arc(selected.x, selected.y, SELECTION_RADIUS, 0, Math.PI * 2);
      context.globalAlpha = 0.25;
      context.fillStyle = selectionColor;
      context.fill();
      context.globalAlpha = 1;
      context.lineWidth = 2;
      context.strokeStyle = selectionColor;
      context.stroke();
    }
    for (const cluster of clusters) {
      const image = this.images.get(clusterImageId(roundedCount(cluster.count)));
      if (!image) continue;
      cluster.radius = image.width / 2;
      context.drawImage(image.source, cluster.screenX - image.width / 2, cluster.screenY - image.height / 2, image.width, image.height);
    }
    devices.forEach((device, k) => {
      const { properties } = this.features[indexes[k]];
      if (!properties.moving) return;
      const image = this.images.get(properties.direction);
      if (!image) return;
      // the heading turns with the map (MapLibre's 'map' rotation alignment)
      context.save();
      context.translate(device.x, device.y);
      context.rotate(((properties.course - bearing) * Math.PI) / 180);
      context.drawImage(image.source, -image.width / 2, -image.height / 2, image.width, image.height);
      context.restore();
    });
    devices.forEach((device, k) => {
      const image = this.images.get(this.features[indexes[k]].properties.icon);
      if (image) context.drawImage(image.source, device.x - image.width / 2, device.y - image.height / 2, image.width, image.height);
    });
    this.drawLabels(devices, indexes);

    this.drawnDevices = devices;
    this.drawnClusters = clusters;
    this.onDrawn?.(devices.length, clusters.length);
  }

  /** Labels beside their markers, on a side clear of other labels and markers (placeLabels). */
  private drawLabels(devices: DrawnDevice[], indexes: number[]): void {
    const images = devices.map((_, k) => {
      const label = this.features[indexes[k]].properties.label;
      return label ? this.images.get(label) : undefined;
    });
    const boxes = placeLabels(
      devices.map((device, k) => ({ x: device.x, y: device.y, width: images[k]?.width ?? 0, height: images[k]?.height ?? 0 })),
      MARKER_RADIUS,
      LABEL_OFFSET,
    );
    boxes.forEach((box, k) => {
      const image = images[k];
      if (box && image) this.context.drawImage(image.source, box.left, box.top, image.width, image.height);
    });
  }
}

