/** The map screens' calls, by name (their handlers: core/map/calls.ts). A leaf: it imports nothing. */
export type MapCallName =
  | 'mapLatest'
  | 'mapDestinations'
  | 'mapDestinationCreate'
  | 'mapDestinationUpdate'
  | 'mapDestinationDelete'
  | 'mapRecipients'
  | 'mapRecipientCreate'
  | 'mapRecipientDelete'
  | 'mapZones'
  | 'mapZoneCreate'
  | 'mapZoneDelete'
  | 'mapPosition'
  | 'mappingStop'
  | 'followMeStop'
  | 'followPause'
  | 'followResume';
