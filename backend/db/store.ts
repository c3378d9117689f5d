/** All repositories over one database, opened together and closed together. */
import { MapRepo } from './mapRepo';
import { MissionRepo } from './missionRepo';
import { type Db, openDb } from './open';
import { PlacesRepo } from './placesRepo';
import { ProblemReportRepo } from './problemReportRepo';
import { SettingsRepo } from './settingsRepo';
import { StatsRepo } from './statsRepo';

/** The back end's persistence. */
export class Store {
  readonly settings: SettingsRepo;
  readonly places: PlacesRepo;
  readonly maps: MapRepo;
  readonly missions: MissionRepo;
  readonly stats: StatsRepo;
  readonly problemReports: ProblemReportRepo;

  constructor(readonly db: Db) {
    this.settings = new SettingsRepo(db);
    this.places = new PlacesRepo(db);
    this.maps = new MapRepo(db);
    this.missions = new MissionRepo(db);
    this.stats = new StatsRepo(db);
    this.problemReports = new ProblemReportRepo(db);
  }

  /** Opens the database at `path` (`reset` starts from an empty one). */
  static open(path: string, reset = false): Store {
    return new Store(openDb(path, reset));
  }

  /** Runs `fn` in one transaction. */
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
