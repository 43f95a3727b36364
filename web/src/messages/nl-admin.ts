/**
 * The Dutch texts of the administration screens (form builder, registrations review, clients,
 * credits, datasources, the platform admins' dashboard), with every text of `nl.ts` in the same
 * object. Those screens import `nl` from here; everything a field user's first load needs reads
 * `nl.ts` alone, which so stays small (decision 025). Quoted and "ours" texts as in `nl.ts`.
 */
import { nl as common } from './nl';

export const nl = {
  ...common,

  // Registrations review of a form (spec 001 screens 12 and 13, sections 4, 8, 9).
  review: {
    title: 'Registraties', // ours: the tab's name
    tabs: {
      completed: 'Voltooide registraties',
      incomplete: 'Onvoltooide registraties',
      trash: 'Prullenbak',
    },
    columns: {
      serial: 'Serienummer', // ours
      date: 'Datum', // ours
      user: 'Invuller', // ours
      phase: 'Fase', // ours
      deletedAt: 'In prullenbak sinds', // ours
    },
    filters: 'Filters', // ours
    addFilter: 'Filter toevoegen', // ours
    removeFilter: 'Filter verwijderen', // ours
    filterField: 'Veld', // ours
    filterOperator: 'Voorwaarde', // ours
    filterValue: 'Waarde', // ours
    operators: {
      '=': 'is gelijk aan',
      '!': 'is niet gelijk aan',
      '>': 'is groter dan',
      '>=': 'is groter dan of gelijk aan',
      '<': 'is kleiner dan',
      '<=': 'is kleiner dan of gelijk aan',
      contains: 'bevat',
      empty: 'is leeg',
      '!empty': 'is niet leeg',
    } as Record<string, string>, // ours
    dateOperators: {
      '=': 'op',
      '!': 'niet op',
      '>': 'na',
      '>=': 'op of na',
      '<': 'voor',
      '<=': 'op of voor',
      empty: 'is leeg',
      '!empty': 'is niet leeg',
    } as Record<string, string>, // ours
    empty: 'Er zijn geen registraties gevonden.', // ours
    emptyTrash: 'De prullenbak is leeg.', // ours
    loadFailed: 'De registraties konden niet worden geladen.', // ours
    open: (serial: number) => `Registratie ${serial} openen`, // ours
    sortBy: (label: string) => `Sorteer op ${label}`, // ours
    download: 'Downloaden', // ours
    downloadCsv: 'CSV', // ours
    downloadCsvWithAttachments: 'CSV met bijlagen', // ours
    downloadStarted: 'De download wordt voorbereid. Het bestand wordt binnen 1 à 2 minuten gedownload.', // ours
    downloadTitle: 'Download voorbereiden', // ours
    downloadProgress: (processed: number, total: number) => `${processed} van ${total} registraties verwerkt`, // ours
    downloadQueued: 'Wacht op verwerking..', // ours
    downloadCancel: 'Annuleren', // ours
    downloadDone: 'De download is gereed.', // ours
    downloadFailed: 'Bestand konden niet worden gedownload.',
    trashed: 'Registratie is verplaatst naar de prullenbak.',
    trashFailed: 'Registratie kon niet worden verplaatst naar de prullenbak.',
    restored: 'Registratie is uit de prullenbak gehaald.',
    restoreFailed: 'Registratie kon niet uit de prullenbak gehaald worden.',
    resent: 'Registratie is opnieuw verstuurd.',
    resendFailed: 'Registratie kon niet opnieuw verstuurd worden.',
    back: 'Terug naar de registraties', // ours
    resend: 'Opnieuw versturen', // ours
    trash: 'Naar prullenbak', // ours
    restore: 'Terugzetten', // ours
    trashTitle: 'Registratie naar de prullenbak?', // ours
    trashText: 'De registratie gaat naar de prullenbak en wordt na 30 dagen definitief verwijderd.', // ours
    restoreTitle: 'Registratie terugzetten?', // ours
    restoreText: 'De registratie komt terug bij de registraties van dit formulier.', // ours
    resendTitle: 'Registratie opnieuw versturen?', // ours
    resendText: 'De e-mails en koppelingen van deze registratie worden opnieuw verstuurd.', // ours
    inTrash: (when: string) => `In de prullenbak sinds ${when}; wordt na 30 dagen definitief verwijderd.`, // ours
    details: 'Gegevens', // ours
    answers: 'Antwoorden', // ours
    downloadEmails: 'E-mailbijlagen downloaden', // ours
    downloadEmailsBusy: 'E-mailbijlagen ophalen..', // ours
    emailsZipName: (serial: number) => `e-mailbijlagen-registratie-${serial}.zip`, // ours
    emailsReadyTitle: 'Download gereed', // ours
    emailsReadyText: (fileName: string) =>
      `De bijlagen van de e-mails van deze registratie worden opgeslagen als ${fileName}. Staat het bestand niet bij uw downloads, sla het dan opnieuw op.`, // ours
    emailsSaveAgain: 'Opnieuw opslaan', // ours
    emailsClose: 'Sluiten', // ours
    // What became of the registration's e-mails and integrations (decision 017); wording ours.
    deliveries: {
      title: 'Verzonden e-mails en koppelingen', // ours
      empty: 'Voor deze registratie zijn geen e-mails of koppelingen verstuurd.', // ours
      name: 'Naam', // ours
      type: 'Soort', // ours
      status: 'Status', // ours
      attempts: 'Pogingen', // ours
      lastAnswer: 'Laatste antwoord', // ours
      when: 'Tijdstip', // ours
      types: {
        email: 'E-mail',
        'post-to-url': 'Koppeling: post-to-url',
        'sia-signal-create': 'Koppeling: sia-signal-create',
        'schouten-merge-registrations': 'Koppeling: schouten-merge-registrations',
        datasource: 'Databron',
      } as Record<string, string>, // ours (the type names are the spec's)
      statuses: { pending: 'In de wachtrij', error: 'Mislukt', success: 'Verstuurd' }, // ours
      unnamedEmail: (n: number) => `E-mail ${n}`, // ours
      unnamedIntegration: (n: number) => `Integratie ${n}`, // ours
      deliveredAt: (when: string) => `Verstuurd op ${when}`, // ours
      nextAttempt: (when: string) => `Volgende poging ${when}`, // ours
      soon: 'Wordt zo verstuurd', // ours
      noMoreAttempts: 'Geen nieuwe poging', // ours
      noAnswer: '–', // ours
      polling: 'Er staat nog iets in de wachtrij; de status wordt vanzelf bijgewerkt.', // ours
    },
    status: 'Status', // ours
    statuses: { completed: 'Voltooid', draft: 'Onvoltooid', hold: 'Wacht op credits' } as Record<string, string>, // ours
    periodic: {
      title: 'Periodieke mail', // ours
      enabled: 'Registraties periodiek mailen', // ours
      period: 'Periode', // ours
      weekly: 'Wekelijks', // ours
      monthly: 'Maandelijks (op de 1e)', // ours
      day: 'Dag', // ours
      days: ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag'], // ours
      recipients: 'Ontvangers', // ours
      recipient: (n: number) => `Ontvanger ${n}`, // ours
      addRecipient: 'Ontvanger toevoegen', // ours
      removeRecipient: (n: number) => `Ontvanger ${n} verwijderen`, // ours
      save: 'Opslaan', // ours
      saved: 'De periodieke mail is opgeslagen.', // ours
      saveFailed: 'De periodieke mail kon niet worden opgeslagen.', // ours
      noRecipients: 'Voeg minstens één ontvanger toe.', // ours: the server's text
      help: 'De nieuwe registraties van de periode worden als CSV-bestand naar de ontvangers gemaild.', // ours
    },
  },

  // Datasources (spec 002 screens 16 to 20, sections 4, 5, 8 and 9). Texts are ours unless quoted there.
  datasources: {
    title: 'Databronnen',
    add: 'Databron toevoegen',
    kinds: { map_features: 'Kaart items', search: 'Zoeken' } as Record<string, string>,
    kind: 'Soort',
    name: 'Naam',
    featureCount: 'Aantal items',
    changed: 'Laatst gewijzigd',
    tableLabel: 'Databronnen van deze klant',
    empty: 'Deze klant heeft nog geen databronnen.',
    emptyHint: 'Voeg er een toe met de knop Databron toevoegen.',
    open: (name: string) => `Databron ${name} openen`,
    mapLocked: 'Kaart items horen bij de betaalde module Kaart. Koop de module om ze te gebruiken.', // the server's text
    lockedHint: 'betaalde module',
    tabs: { label: 'Onderdelen van de databron', view: 'Bekijk', edit: 'Aanpassen', remove: 'Verwijderen' },
    breadcrumbs: 'Kruimelpad',
    view: {
      title: 'Gegevens',
      kind: 'Soort',
      crs: 'Coördinatenstelsel',
      featureCount: 'Aantal items',
      changed: 'Laatst gewijzigd',
      sourceFile: 'Bronbestand',
      download: 'Bronbestand downloaden',
      downloadFailed: 'Het bronbestand kon niet worden gedownload.',
      noFile: 'Geen bestand',
      dataColumns: 'Datavelden',
      noDataColumns: 'Geen',
      importErrors: 'Importfouten',
      noImportErrors: 'De laatste import had geen fouten.',
      errorsLabel: 'Regels die niet zijn ingelezen',
      errorsCount: (n: number) => (n === 1 ? '1 regel is niet ingelezen.' : `${n} regels zijn niet ingelezen.`),
      row: 'Regel',
      reason: 'Reden',
      errorsShown: (shown: number, total: number) =>
        `De eerste ${shown} van ${total} fouten worden getoond. Met Fouten kopiëren neemt u ze allemaal mee.`,
      copyErrors: 'Fouten kopiëren',
      errorLine: (row: number | string, reason: string) => `Regel ${row}: ${reason}`,
    },
    // Spec 002 screen 18 and section 4 (the export dialog); the texts are ours.
    export: {
      open: 'Exporteren',
      title: 'Databron exporteren',
      intro: (name: string) => `De items van ${name} als CSV-bestand, in de kolommen die het inlezen verwacht: aangepast in Excel kunt u het weer uploaden.`,
      starting: 'De export wordt gestart…',
      waiting: 'De export staat in de wachtrij…',
      progress: (processed: number, total: number) =>
        `${processed.toLocaleString('nl-NL')} van ${total.toLocaleString('nl-NL')} items geëxporteerd`,
      progressLabel: 'Voortgang van de export',
      done: 'De export is klaar en wordt gedownload. Komt er geen download, gebruik dan de link hieronder; die werkt 24 uur.',
      again: 'CSV-bestand downloaden',
      stop: 'Stoppen',
      stopped: 'De export is gestopt.',
      failed: 'De export is mislukt. Probeer het later opnieuw.',
      startFailed: 'De export kon niet worden gestart.',
      close: 'Sluiten',
    },
    form: {
      createTitle: (kind: string) => `Databron toevoegen: ${kind}`,
      editTitle: 'Databron aanpassen',
      name: 'Naam',
      crs: 'Coördinatenstelsel',
      crsOptions: { 'EPSG:4326': 'EPSG:4326 (WGS84 GPS)', 'EPSG:28992': 'EPSG:28992 (Amersfoort RD New)' } as Record<string, string>,
      file: 'Bestand (CSV of Excel)',
      chooseFile: 'Bestand kiezen',
      noFile: 'Nog geen bestand gekozen.',
      chosen: (name: string, size: string) => `Gekozen: ${name} (${size})`,
      currentFile: 'Zonder nieuw bestand blijven de huidige items staan.',
      newFileReplaces: 'Een nieuw bestand vervangt alle items van deze databron.',
      fileType: 'Er kunnen alleen CSV (.csv) bestanden worden geupload',
      fileTooLarge: 'Maximale bestandsgrootte is 20Mb.',
      nameRequired: 'Naam is verplicht.',
      crsRequired: 'Kies het coördinatenstelsel van het bestand.',
      fileRequired: 'Kies een CSV-bestand.',
      invalid: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      create: 'Databron aanmaken',
      save: 'Databron opslaan',
      cancel: 'Annuleren',
      failed: 'De databron kon niet worden opgeslagen.',
      help: {
        title: 'Hulp bij het bestand',
        format:
          'Een CSV-bestand met een puntkomma (;) als scheidingsteken, opgeslagen als UTF-8. De eerste regel bevat de kolomnamen; hoofdletters en kleine letters tellen mee.',
        search: 'Verplichte kolom: object.name (de naam waarop wordt gezocht).',
        map4326: 'Verplichte kolommen bij EPSG:4326: object.name, object.status, object.latitude en object.longitude.',
        map28992: 'Verplichte kolommen bij EPSG:28992: object.name, object.status, object.x en object.y.',
        other: 'Alle andere kolommen worden datavelden, te gebruiken als tokens in samenvattingen, e-mails en regels.',
        numbers: 'Coördinaten mogen een punt of een komma als decimaalteken hebben.',
        excel: 'Een Excel-bestand (.xlsx) met dezelfde kolommen op het eerste werkblad kan ook.',
        rows: 'Regels met fouten worden overgeslagen en met hun regelnummer getoond; de goede regels worden ingelezen.',
        example: 'Voorbeeld',
      },
    },
    progress: {
      title: 'Databron inlezen',
      label: 'Voortgang van het inlezen',
      uploading: (percent: number) => `Het bestand wordt geupload: ${percent}%`,
      saving: 'De databron wordt opgeslagen..',
      waiting: 'Het inlezen staat in de wachtrij..',
      running: (processed: number, total: number) => `De items worden ingelezen: ${processed} van ${total} stappen gedaan.`,
      done: 'Het inlezen is klaar.',
      failed: 'Het inlezen is mislukt.',
      background: 'Het inlezen gaat door als u dit venster sluit.',
      toDetail: 'Naar de databron',
      cancel: 'Annuleren', // ours: stops the upload, nothing is saved
    },
    created: (name: string) => `Databron ${name} is aangemaakt.`,
    saved: (name: string) => `Databron ${name} is aangepast.`,
    remove: {
      title: 'Databron verwijderen',
      confirm: 'Weet u zeker dat u deze databron wilt verwijderen?',
      permanent: (name: string) =>
        `Databron ${name} wordt definitief verwijderd, met al zijn items. Formulieren die deze databron gebruiken, vinden er daarna niets meer in.`,
      submit: 'Verwijder databron',
      cancel: 'Annuleren',
      removed: 'Databron is verwijderd.',
      failed: 'Databron kon niet worden verwijderd.',
    },
  },

  // Element editor (spec 001 screen 8, sections 3, 5, 8, 9).
  formEditor: {
    title: 'Elementen', // ours
    types: {
      text: 'Tekstveld',
      textarea: 'Tekstvlak',
      number: 'Getal',
      email: 'E-mailadres',
      date: 'Datum',
      time: 'Tijd',
      datetime: 'Datum en tijd',
      checkbox_single: 'Vinkje',
      checkbox_multiple: 'Meerdere keuzes',
      radio: 'Keuzerondjes',
      select: 'Keuzelijst',
      file: 'Bestand',
      image: 'Foto',
      header: 'Kop',
      signature: 'Handtekening',
      subform: 'Subformulier',
      calculation: 'Berekening',
      map: 'Kaart',
      gps: 'GPS locatie',
      tracking: 'Route volgen',
      qrCodeScanner: 'QR-code scanner',
      search: 'Zoeken',
      linkedForm: 'Gekoppeld formulier',
      computed: 'Berekend veld',
      staticText: 'Vaste tekst',
      imageTag: 'Afbeelding',
      staticFile: 'Vast bestand',
      stateTransition: 'Fase overgang',
    } as Record<string, string>, // ours: the spec names the types only technically
    defaultOptions: [
      { value: 'first', label: 'first' },
      { value: 'second', label: 'second' },
      { value: 'third', label: 'third' },
    ],
    // validation (spec 001 section 5; the quoted ones exactly)
    dataNameRequired: 'Datanaam is verplicht.', // ours
    dataNamePattern: 'Gebruik alleen kleine letters (a-z), cijfers en een underscore (_).', // ours
    dataNameNotUnique: 'Datanaam is niet uniek. Kies een andere datanaam.',
    labelRequired: 'Label is verplicht.', // ours
    headerRequired: 'Koptekst is verplicht.', // ours
    registrationLabelRequired: 'Registratie label is verplicht.', // ours
    optionsRequired: 'Voeg minimaal één optie toe.', // ours
    optionValueRequired: 'Waarde is verplicht.', // ours
    optionValuePattern: 'Gebruik alleen kleine letters, cijfers, een punt (.) en een underscore (_).', // ours
    optionValueDuplicate: 'Deze waarde komt vaker voor.', // ours
    optionLabelRequired: 'Label van de optie is verplicht.', // ours
    renameRequired: 'Nieuwe bestandsnaam is verplicht.', // ours
    formulaRequired: 'Formule is verplicht.', // ours
    rowsInvalid: 'Vul een heel getal van 1 of hoger in.', // ours
    lengthInvalid: 'Vul een heel getal van 0 of hoger in.', // ours
    numberInvalid: 'Vul een getal in.', // ours
    maxBelowMin: 'Het maximum mag niet kleiner zijn dan het minimum.', // ours
    fileRequired: 'Upload een bestand.', // ours
    coordinateRequired: 'Dit veld is verplicht.', // ours
    latitudeInvalid: 'Vul een breedtegraad tussen -90 en 90 in (maximaal 18 decimalen).', // ours
    longitudeInvalid: 'Vul een lengtegraad tussen -180 en 180 in (maximaal 18 decimalen).', // ours
    zoomRequired: 'Zoomniveau is verplicht.', // ours
    zoomInvalid: 'Vul een zoomniveau van 1 tot en met 19 in.', // ours
    accuracyInvalid: 'Vul een nauwkeurigheid van 0 tot en met 200 meter in.', // ours
    datasourceRequired: 'Databron is verplicht.', // ours
    loadingStrategyRequired: 'Laadstrategie is verplicht.', // ours
    imageTypeInvalid: 'Alleen afbeeldingen van het type jpeg, png of gif kunnen worden geupload.', // ours
    staticFileTypeInvalid: 'Alleen bestanden van het type pdf, docx, txt, jpeg, png of gif kunnen worden geupload.', // ours
    uploadBusy: 'Wacht tot het uploaden klaar is.', // ours: the spec asks the user to wait
    uploadFailed: 'Het bestand kon niet worden geupload.', // ours
    checkElement: 'Controleer de velden van dit element.', // ours
    // list and add panel (ours unless quoted)
    addTitle: 'Element toevoegen',
    addType: (type: string) => `${type} toevoegen`,
    premiumLocked: (type: string) => `${type} (betaalde module)`,
    empty: 'Dit formulier heeft nog geen elementen. Voeg hieronder een element toe.',
    listLabel: 'Elementen van het formulier',
    edit: (label: string) => `${label} bewerken`,
    remove: (label: string) => `${label} verwijderen`,
    moveUp: (label: string) => `${label} omhoog verplaatsen`,
    moveDown: (label: string) => `${label} omlaag verplaatsen`,
    dragHandle: (label: string) => `${label} verslepen`,
    moved: (label: string, position: number) => `${label} staat nu op plaats ${position}.`,
    removeTitle: 'Element verwijderen?',
    usedInRules: (rules: string) => `Let op: dit element wordt gebruikt in de regels ${rules}; pas die daarna aan.`,
    renameUsedInRules: (rules: string) =>
      `Deze datanaam wordt gebruikt in de regels ${rules}. Pas die regels aan nadat u de datanaam heeft gewijzigd.`,
    removeConfirm: (label: string) => `Weet u zeker dat u het element "${label}" wilt verwijderen?`,
    cancel: 'Annuleren',
    confirmRemove: 'Verwijderen',
    optional: 'optioneel',
    save: 'Formulier opslaan',
    saving: 'Opslaan..',
    saved: 'Het formulier is opgeslagen.',
    saveFailed: 'Het formulier kon niet worden aangepast.',
    unsaved: 'Er zijn wijzigingen die nog niet zijn opgeslagen.',
    loadFailed: 'Het formulier kon niet worden geladen.',
    invalidElements: (labels: string) => `Controleer deze elementen: ${labels}`,
    preview: 'Voorbeeld',
    // edit dialog
    dialogTitle: (type: string) => `${type} bewerken`,
    dialogDone: 'Klaar',
    fieldLabel: 'Label',
    fieldHeaderText: 'Koptekst',
    fieldName: 'Datanaam',
    fieldNameHelp: 'Kleine letters, cijfers en underscore. Volgt het label totdat u de datanaam aanpast.',
    advancedEdit: 'Datanaam zelf aanpassen',
    fieldHelp: 'Helptekst',
    fieldPlaceholder: 'Voorbeeldtekst in het veld',
    fieldRequired: 'Verplicht',
    fieldMinLength: 'Minimaal aantal tekens',
    fieldMaxLength: 'Maximaal aantal tekens',
    fieldMin: 'Minimale waarde',
    fieldMax: 'Maximale waarde',
    fieldRows: 'Aantal regels',
    fieldRememberInput: 'Onthoud de laatst ingevulde waarde',
    fieldDefaultDateNow: 'Standaard de huidige datum/tijd',
    fieldVisuallyHidden: 'Verberg dit element (waarde blijft bewaard)',
    fieldFileDoRename: 'Bestanden hernoemen',
    fieldFileNewName: 'Nieuwe bestandsnaam (tokens toegestaan)',
    fieldUseOnlyCamera: 'Alleen de camera gebruiken',
    fieldHdImages: "Foto's in hoge resolutie",
    fieldSignatureSize: 'Grootte van het tekenvlak',
    signatureNormal: 'Normaal',
    signatureBig: 'Groot',
    fieldSignatureLoad: 'Opgeslagen handtekening mogen laden',
    fieldFormula: 'Formule',
    fieldFormulaHelp: 'Bijvoorbeeld: aantal * prijs. Een komma wordt een punt.',
    fieldNumberFormatter: 'Weergave',
    formatterNone: 'Getal',
    formatterPrice: 'Prijs',
    fieldRegistrationLabel: 'Registratie label',
    fieldSummaryText: 'Samenvattingstekst',
    fieldComponent: 'Niveau van de kop',
    fieldStaticText: 'Tekst',
    fieldNextPhase: 'Volgende fase',
    noPhase: 'Geen (0)',
    phase: (n: number) => `Fase ${n}`,
    fieldAssignToUser: 'Toewijzen aan gebruiker',
    nobody: 'Niemand (0)',
    searchDatasource: 'Databron om in te zoeken',
    searchItemAction: 'Actie bij een gekozen item',
    searchDoNothing: 'Niets doen',
    searchSetHidden: 'Item verbergen',
    searchMultiple: 'Meerdere items kiezen', // ours
    searchMultipleHelp: 'Zonder vinkje kiest de invuller één item.', // ours
    datasourceTokens: 'Tokens van de databron', // ours
    datasourceTokensHelp: 'Te gebruiken in de samenvatting, e-mails en regels zodra een item is gekozen.', // ours
    fieldFormId: 'Gekoppeld formulier',
    fieldElementToWatch: 'Element waarop het veld reageert',
    fieldParserType: 'Soort verwerking',
    parserLampAmount: 'Aantal lampen (regel 14)',
    parserColorTemperature: 'Kleurtemperatuur (regel 17)',
    fieldImageWidth: 'Breedte (px)',
    fieldImageHeight: 'Hoogte (px)',
    options: 'Opties',
    optionValue: (n: number) => `Waarde van optie ${n}`,
    optionLabel: (n: number) => `Label van optie ${n}`,
    addOption: 'Optie toevoegen',
    removeOption: (n: number) => `Optie ${n} verwijderen`,
    mapLat: 'Breedtegraad (lat) van het midden',
    mapLon: 'Lengtegraad (lon) van het midden',
    mapZoom: 'Zoomniveau (1-19)',
    mapShowSearch: 'Zoekbalk tonen',
    gpsMinAccuracy: 'Minimale nauwkeurigheid (meter, 0-200)',
    gpsManual: 'Locatie handmatig mogen kiezen',
    mapLayers: 'Kaartlagen',
    mapLayerDatasource: (n: number) => `Databron van kaartlaag ${n}`,
    mapLayerStrategy: (n: number) => `Laadstrategie van kaartlaag ${n}`,
    strategyPreload: 'Vooraf laden (tot ongeveer 10.000 items)',
    strategyLive: 'Live laden',
    addMapLayer: 'Kaartlaag toevoegen',
    removeMapLayer: (n: number) => `Kaartlaag ${n} verwijderen`,
    mapMaxSelect: 'Maximaal aantal te kiezen items',
    featureStyles: 'Kleuren per status',
    styleStatus: (n: number) => `Status ${n}`,
    styleColor: (n: number) => `Kleur van status ${n}`,
    styleColorHelp: 'Bijvoorbeeld #3399CC',
    addStyle: 'Status toevoegen',
    removeStyle: (n: number) => `Status ${n} verwijderen`,
    styleStatusRequired: 'Status is verplicht.',
    styleColorRequired: 'Vul een kleur in als #RRGGBB.',
    maxSelectInvalid: 'Vul een heel getal van 1 of hoger in.',
    mapShowDataColumns: 'Datakolommen tonen', // ours
    mapShowStatusFilters: 'Filter op status tonen', // ours
    mapGuestEnabled: 'Gastkaart inschakelen', // ours
    mapGuestLink: (url: string) => `Link naar de gastkaart: ${url}.`, // ours
    mapGuestSaveFirst: 'De link werkt pas nadat het formulier is opgeslagen.', // ours: spec 001 section 4
    featureActions: 'Acties bij gekozen kaartitems', // ours
    featureAction: (n: number) => `Kaartactie ${n}`, // ours
    addFeatureAction: 'Kaartactie toevoegen', // ours
    removeFeatureAction: (n: number) => `Kaartactie ${n} verwijderen`, // ours
    conditionsTitle: 'Als', // ours
    conditionType: (a: number, c: number) => `Voorwaarde ${a}.${c}`, // ours
    conditionAlways: 'Altijd', // ours
    conditionDataValue: 'Waarde van een element', // ours
    conditionDataName: (a: number, c: number) => `Element van voorwaarde ${a}.${c}`, // ours
    conditionValue: (a: number, c: number) => `Is gelijk aan (voorwaarde ${a}.${c})`, // ours: the only operator is '='
    addCondition: (a: number) => `Voorwaarde toevoegen aan kaartactie ${a}`, // ours
    removeCondition: (a: number, c: number) => `Voorwaarde ${a}.${c} verwijderen`, // ours
    conditionMethod: (a: number) => `Voorwaarden van kaartactie ${a}`, // ours
    conditionAnd: 'Alle voorwaarden (EN)', // ours
    conditionOr: 'Een van de voorwaarden (OF)', // ours
    actionStepsTitle: 'Dan', // ours
    actionType: (a: number, s: number) => `Actie ${a}.${s}`, // ours
    actionTypes: {
      setStatus: 'Status zetten',
      setValueDatasource: 'Waarde in de databron zetten',
      setHidden: 'Item verbergen',
    }, // ours
    actionStatus: (a: number, s: number) => `Nieuwe status bij actie ${a}.${s}`, // ours
    actionColumn: (a: number, s: number) => `Kolom van de databron bij actie ${a}.${s}`, // ours
    actionValue: (a: number, s: number) => `Nieuwe waarde bij actie ${a}.${s}`, // ours
    addActionStep: (a: number) => `Actie toevoegen aan kaartactie ${a}`, // ours
    removeActionStep: (a: number, s: number) => `Actie ${a}.${s} verwijderen`, // ours
    featureConditionsRequired: 'Voeg minimaal één voorwaarde toe.', // ours
    featureActionStepsRequired: 'Voeg minimaal één actie toe.', // ours
    conditionTypeRequired: 'Kies een soort voorwaarde.', // ours
    conditionDataNameRequired: 'Element is verplicht.', // ours
    conditionValueRequired: 'Waarde is verplicht.', // ours
    conditionMethodRequired: 'Kies of alle voorwaarden of één ervan moeten gelden.', // ours
    actionTypeRequired: 'Kies een actie.', // ours
    actionColumnRequired: 'Kolom is verplicht.', // ours
    itemStyles: 'Kleuren per tekst', // ours
    itemStyleText: (n: number) => `Tekst ${n}`, // ours
    itemStyleColor: (n: number) => `Kleur van tekst ${n}`, // ours
    addItemStyle: 'Tekst toevoegen', // ours
    removeItemStyle: (n: number) => `Tekst ${n} verwijderen`, // ours
    itemStyleTextRequired: 'Tekst is verplicht.', // ours
    subformElements: 'Elementen van het subformulier',
    uploadImage: 'Afbeelding uploaden',
    uploadFile: 'Bestand uploaden',
    uploading: 'Bezig met uploaden..',
    currentFile: (name: string) => `Huidig bestand: ${name}`,
    // favourites (spec 001 sections 5 and 8)
    favourites: 'Favorieten',
    favouritesEmpty: 'U heeft nog geen favoriete elementen.',
    favouriteName: 'Naam van de favoriet',
    saveFavourite: 'Opslaan als favoriet',
    favouriteSaved: 'We hebben dit element opgeslagen in uw favorieten',
    favouriteNameRequired: 'Favoriet is niet opgeslagen, u moet een naam opgeven',
    favouriteSaveFailed: 'De favoriet kon niet worden opgeslagen.',
    addFavourite: (name: string) => `Favoriet ${name} toevoegen`,
    removeFavourite: (name: string) => `Favoriet ${name} verwijderen`,
    removeFavouriteTitle: 'Favoriet verwijderen?',
    removeFavouriteConfirm: (name: string) => `Weet u zeker dat u de favoriet "${name}" wilt verwijderen?`,
    favouriteRemoved: 'De favoriet is verwijderd.',
    favouriteRemoveFailed: 'De favoriet kon niet worden verwijderd.',
    // premium wall (spec 002 section 2; the dialog's own texts are in `premiumWall`)
    premiumText: (type: string) => `${type} is onderdeel van een betaalde module. Koop de module om dit element te gebruiken.`,
    adminOnly: (type: string) => `${type} (alleen voor beheerders)`,
  },

  // Rules editor (spec 001 screen 9, sections 3, 5, 8).
  formRules: {
    title: 'Regels', // ours
    empty: 'Dit formulier heeft nog geen regels.', // ours
    addRule: 'Regel toevoegen', // ours
    rule: (n: number, name: string) => (name ? `Regel ${n}: ${name}` : `Regel ${n}`), // ours
    ruleName: 'Naam van de regel', // ours
    ruleForm: 'Geldt voor', // ours
    mainForm: 'Hoofdformulier', // ours
    subform: (label: string) => `Subformulier: ${label}`, // ours
    method: 'Voorwaarden', // ours
    methodAnd: 'Alle voorwaarden (EN)', // ours
    methodOr: 'Een van de voorwaarden (OF)', // ours
    conditions: 'Als', // ours
    actions: 'Dan', // ours
    dataName: 'Element', // ours
    operator: 'Vergelijking', // ours
    value: 'Waarde', // ours
    valueHelp: 'Tokens zoals $naam$ zijn toegestaan.', // ours
    insertToken: 'Token invoegen', // ours
    tokenDate: 'Registratiedatum', // ours
    tokenUser: 'Invuller', // ours
    tokenFormName: 'Formuliernaam', // ours
    tokenSerial: 'Serienummer', // ours
    phase: 'Fase van de registratie', // ours
    operators: {
      '=': 'is gelijk aan',
      '!': 'is niet gelijk aan',
      '>': 'is groter dan',
      '>=': 'is groter dan of gelijk aan',
      '<': 'is kleiner dan',
      '<=': 'is kleiner dan of gelijk aan',
      empty: 'is leeg',
      '!empty': 'is niet leeg',
      contains: 'bevat',
      '!contains': 'bevat niet',
      str_equals: 'is gelijk aan (tekst)',
      starts_with: 'begint met',
      ends_with: 'eindigt met',
      includes: 'bevat de tekst',
    } as Record<string, string>, // ours
    actionMethod: 'Actie', // ours
    actionMethods: {
      show: 'Toon',
      hide: 'Verberg',
      visually_hidden: 'Verberg (waarde blijft bewaard)',
      set: 'Zet waarde',
    } as Record<string, string>, // ours
    addCondition: 'Voorwaarde toevoegen', // ours
    addAction: 'Actie toevoegen', // ours
    removeCondition: (n: number) => `Voorwaarde ${n} verwijderen`, // ours
    removeAction: (n: number) => `Actie ${n} verwijderen`, // ours
    removeRule: (name: string) => `Regel ${name} verwijderen`, // ours
    removeRuleTitle: 'Regel verwijderen?', // ours
    removeRuleConfirm: (name: string) => `Weet u zeker dat u de regel "${name}" wilt verwijderen?`, // ours
    moveUp: (name: string) => `Regel ${name} omhoog verplaatsen`, // ours
    moveDown: (name: string) => `Regel ${name} omlaag verplaatsen`, // ours
    conditionLabel: (n: number) => `Voorwaarde ${n}`, // ours
    actionLabel: (n: number) => `Actie ${n}`, // ours
    // validation (spec 001 section 5)
    ruleNameRequired: 'Naam van de regel is verplicht.', // ours
    ruleFormRequired: 'Kies waarvoor de regel geldt.', // ours
    dataNameRequired: 'Kies een element.', // ours
    operatorRequired: 'Kies een vergelijking.', // ours
    operatorInvalid: 'Deze vergelijking past niet bij het element.', // ours
    valueRequired: 'Waarde is verplicht.', // ours
    valueNumeric: 'Vul een getal in.', // ours
    conditionsRequired: 'Voeg minimaal één voorwaarde toe.', // ours
    actionsRequired: 'Voeg minimaal één actie toe.', // ours
    actionRequired: 'Kies een actie.', // ours
    setValueNotAllowed: 'De waarde van dit element kan niet door een regel worden gezet.', // ours
    invalid: 'Controleer de regels. Sommige velden zijn niet of verkeerd ingevuld.', // ours
    save: 'Regels opslaan', // ours
    saved: 'Regels zijn opgeslagen',
    saveFailed: 'Regels konden niet worden aangepast.',
    preview: 'Voorbeeld met regels', // ours
    previewErrors: 'Problemen in de regels', // ours
  },

  // Form builder admin screens (spec 001 screens 1-7, sections 4, 8, 9).
  formAdmin: {
    loading: 'Laden..',
    forbidden: 'U hebt geen rechten om deze content te bekijken.',
    save: 'Opslaan', // ours
    cancel: 'Annuleren', // ours
    close: 'Sluiten', // ours
    formTypeDefault: 'Standaard',
    formTypeWorkflow: 'Workflow met fases',
    folderField: 'Map', // ours
    folderRequired: 'Map is verplicht.', // ours: the server's text (ops/decisions/010)
    tabs: {
      label: 'Onderdelen van het formulier', // ours
      view: 'Bekijk',
      edit: 'Aanpassen',
      emails: 'E-mails',
      rules: 'Regels',
      integrations: 'Integraties',
      registrations: 'Registraties',
    },

    folderList: {
      title: 'Mappen beheren',
      empty: 'Er zijn nog geen mappen. Maak een map aan om formulieren in te bewaren.', // ours
      add: 'Map aanmaken', // ours
      columnName: 'Map', // ours
      columnHidden: 'Verbergen', // ours
      columnActions: 'Acties', // ours
      rename: (name: string) => `Map ${name} hernoemen`, // ours
      hide: (name: string) => `Map ${name} verbergen`, // ours
      show: (name: string) => `Map ${name} zichtbaar maken`, // ours
      remove: (name: string) => `Map ${name} verwijderen`, // ours
      hiddenChip: 'Verborgen', // ours
      renameTitle: 'Map hernoemen', // ours
      deleteTitle: 'Map verwijderen?', // ours
      deleteConfirm: (name: string) => `Weet u zeker dat u map ${name} wilt verwijderen?`, // ours
      deleteButton: 'Verwijderen', // ours
      deleted: (name: string) => `Map ${name} is verwijderd.`,
      deleteFailed: 'Map kon niet worden verwijderd.',
      hidden: (name: string) => `Map ${name} is verborgen.`,
      shown: (name: string) => `Map ${name} is zichtbaar.`,
      hideFailed: 'Map kon niet worden verborgen.',
      renamed: (name: string) => `Map ${name} is aangepast.`, // ours
      renameFailed: 'Map kon niet worden aangepast.',
    },

    folderCreate: {
      title: 'Map aanmaken', // ours
      name: 'Map naam', // ours
      nameRequired: 'Map naam is verplicht.',
      parent: 'Bovenliggende map', // ours
      noParent: 'Geen (hoofdmap)', // ours
      hidden: 'Verborgen map', // ours
      submit: 'Map aanmaken', // ours
      created: (name: string) => `Map ${name} is aangemaakt.`,
      failed: 'De map kon niet worden aangemaakt',
    },

    formList: {
      title: 'Formulieren beheren',
      treeLabel: 'Mappen en formulieren', // ours
      empty: 'Er zijn nog geen mappen en formulieren voor deze klant.', // ours
      addForm: 'Formulier aanmaken',
      addFolder: 'Map aanmaken', // ours
      addFormIn: (folder: string) => `Formulier aanmaken in map ${folder}`, // ours
      published: 'Gepubliceerd', // ours
      unpublished: 'Niet gepubliceerd', // ours
      expand: (folder: string) => `Map ${folder} openen`, // ours
      collapse: (folder: string) => `Map ${folder} sluiten`, // ours
    },

    formCreate: {
      title: 'Formulier aanmaken',
      name: 'Formulier naam', // ours
      nameRequired: 'Formulier naam is verplicht.',
      type: 'Type formulier', // ours
      submit: 'Formulier aanmaken',
      created: (name: string) => `Formulier ${name} is aangemaakt.`,
      failed: 'Het formulier kon niet worden aangemaakt',
      noFolders: 'Er zijn nog geen mappen. Maak eerst een map aan.', // ours
    },

    remove: {
      title: 'Formulier verwijderen', // ours
      confirm: (name: string) =>
        `Weet u zeker dat u formulier ${name} wilt verwijderen? De registraties van het formulier blijven bewaard.`, // ours
      submit: 'Verwijderen', // ours
      deleted: 'Formulier is verwijderd.',
      failed: 'Formulier kon niet worden verwijderd.',
    },

    detail: {
      published: 'Gepubliceerd', // ours
      publishFailed: 'Het formulier kon niet worden aangepast.',
      lastChanged: 'Laatst aangepast', // ours
      lastChangedBy: (user: string, date: string) => `Laatst aangepast door ${user} op ${date}`, // ours
      lastChangedAt: (date: string) => `Laatst aangepast op ${date}`, // ours
      neverChanged: 'Nog niet aangepast', // ours
      saveFailed: 'Het formulier kon niet worden aangepast.',
      saved: 'Het formulier is aangepast.', // ours
      deleteButton: 'Formulier verwijderen', // ours
      settingsTitle: 'Instellingen', // ours
      previewTitle: 'Voorbeeld', // ours
      previewEmpty: 'Dit formulier heeft nog geen elementen.', // ours
      wordProcessing:
        'Het Word-document wordt verwerkt. Het formulier kan pas worden ingevuld als dat klaar is.', // ours: wording of the spec's banner
    },

    revisions: {
      open: 'Revisiegeschiedenis', // ours
      title: 'Revisiegeschiedenis', // ours
      date: 'Datum', // ours
      user: 'Gebruiker', // ours
      restore: 'Terugzetten', // ours
      restoreLabel: (date: string) => `Revisie van ${date} terugzetten`, // ours
      restored: 'De revisie is teruggezet. De pagina wordt over 3 seconden opnieuw geladen.', // ours
      restoreFailed: 'Kan de revisie niet terugzetten.',
      empty: 'Er zijn nog geen revisies.', // ours
      unknownUser: 'Onbekend', // ours
    },

    access: {
      title: 'Toegang', // ours
      intro: 'Zonder gebruikers of groepen mag iedereen van de klant dit formulier invullen.', // ours
      users: 'Gebruikers beheren', // ours
      groups: 'Groepen beheren', // ours
      usersTitle: 'Gebruikers met toegang', // ours
      groupsTitle: 'Groepen met toegang', // ours
      manageTab: 'Beheren', // ours
      addTab: 'Toevoegen', // ours
      search: 'Zoeken', // ours
      add: 'Toevoegen', // ours
      remove: 'Verwijderen', // ours
      addLabel: (name: string) => `${name} toevoegen`, // ours
      removeLabel: (name: string) => `${name} verwijderen`, // ours
      noneAssigned: 'Er is nog niemand toegevoegd.', // ours
      noneFound: 'Niets gevonden.', // ours
      failed: 'Het formulier kon niet worden aangepast.',
      assignedCount: (users: number, groups: number) => `${users} gebruiker(s) en ${groups} groep(en) toegevoegd`, // ours
    },

    edit: {
      title: 'Formulier aanpassen', // ours
      name: 'Formulier naam', // ours
      nameRequired: 'Formulier naam is verplicht.',
      summary: 'Samenvatting van de registratie', // ours
      summaryHelp: 'HTML met tokens, bijvoorbeeld <strong>$registratie.formuliernaam$</strong>.', // ours
      tokens: 'Tokens', // ours
      summaryPreview: 'Zo ziet de samenvatting eruit', // ours
      insertToken: (label: string, token: string) => `${label} ${token} invoegen`, // ours
    },

    summary: {
      tokenDate: 'Registratiedatum', // ours
      tokenUser: 'Invuller', // ours
      tokenFormName: 'Formuliernaam', // ours
      tokenSerial: 'Serienummer', // ours
    },

    search: {
      switch: 'Zoeken in registraties', // ours
      settings: 'Zoekinstellingen', // ours
      title: 'Zoekinstellingen', // ours
      fields: 'Doorzoekbare velden', // ours
      fieldLabel: (label: string) => `Label voor ${label}`, // ours
      noElements: 'Dit formulier heeft nog geen velden om in te zoeken.', // ours
    },

    guest: {
      switch: 'Gasttoegang', // ours
      link: 'Publieke link', // ours
      copy: 'Link kopiëren', // ours
      copied: 'Gekopieerd',
      copyFailed: 'Kon niet kopieren.',
    },

    copy: {
      title: 'Formulier kopiëren', // ours
      name: (name: string) => `Kopie van ${name}`,
      client: 'Kopiëren naar klant', // ours
      folder: 'Map', // ours
      submit: 'Kopie maken', // ours
      created: (name: string) => `Formulier ${name} is aangemaakt.`,
      failed: 'Er kon geen kopie van het formulier worden gemaakt',
    },

    badInternet: 'Modus slechte internetverbinding', // ours

    // Admins only (spec 000 section 6: 'the developer mode switch'); wording ours.
    developerMode: {
      switch: 'Ontwikkelmodus e-mail', // ours
      help: 'Alle e-mails van dit formulier gaan dan alleen naar het adres hieronder, niet naar de ingestelde ontvangers. Alleen beheerders zien deze instelling.', // ours
      address: 'E-mailadres ontwikkelaar', // ours
      addressHelp: 'Hier komen alle e-mails van dit formulier terecht.', // ours
      addressRequired: 'Vul een e-mailadres in.', // ours
      addressInvalid: 'Vul een geldig e-mailadres in.', // ours: the server's text
      save: 'Ontwikkelmodus opslaan', // ours
    },

    workflow: {
      title: 'Workflow', // ours
      phase: 'Toon formulier in fase',
      phaseOption: (phase: string) => `Fase ${phase}`, // ours
      none: (phase: string) =>
        `Fase ${phase} heeft geen fase-overgang: versturen in deze fase is definitief.`, // ours
      several: (phase: string, count: number) =>
        `Fase ${phase} heeft ${count} fase-overgangen. Er mag maar één fase-overgang per fase zijn.`, // ours
    },
  },

  // E-mail settings and integrations tabs (spec 001 screens 10 and 11, sections 3, 5, 8 and 9).
  formNotifications: {
    // Checks (spec 001 section 5), worded as the server words them (domain/src/messages.rs).
    required: 'Dit veld is verplicht.', // ours: the server's text
    toRequired: 'Vul minstens één ontvanger in.', // ours: the server's text
    emailOrToken: 'Vul een geldig e-mailadres of één $token$ in.', // ours: the server's text
    filenameOrToken: 'Gebruik alleen letters, cijfers, - en _, of één $token$.', // ours: the server's text
    emailInvalid: 'Vul een geldig e-mailadres in.', // ours: the server's text
    urlInvalid: 'Vul een geldige URL in (http:// of https://).', // ours: the server's text
    phaseInvalid: 'Kies een fase van 1 tot en met 9.', // ours: the server's text
    checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
    // Shared by both tabs (ours).
    unsaved: 'Er zijn wijzigingen die nog niet zijn opgeslagen.',
    saving: 'Opslaan..',
    hasProblems: 'Bevat fouten',
    removeButton: 'Verwijderen',
    phases: 'Versturen in fase',
    phasesHelp: 'Zonder gekozen fase wordt er verstuurd als de registratie is afgerond.',
    phase: (phase: string) => `Fase ${phase}`,

    emails: {
      title: 'E-mails', // ours
      intro: 'Na elke registratie worden deze e-mails verstuurd.', // ours
      empty: 'Er zijn nog geen e-mails ingesteld.', // ours
      add: 'E-mail toevoegen', // ours
      item: (n: number, subject: string) => (subject ? `E-mail ${n}: ${subject}` : `E-mail ${n}`), // ours
      remove: (name: string) => `${name} verwijderen`, // ours
      removeTitle: 'E-mail verwijderen?', // ours
      removeConfirm: (name: string) => `Weet u zeker dat u "${name}" wilt verwijderen?`, // ours
      recipients: 'Ontvangers', // ours
      to: 'Aan', // ours
      cc: 'CC', // ours
      bcc: 'BCC', // ours
      address: (list: string, n: number) => `${list} ${n}`, // ours
      addAddress: (list: string) => `Adres toevoegen aan ${list}`, // ours
      removeAddress: (label: string) => `${label} verwijderen`, // ours
      addressHelp: 'Een e-mailadres of één token, bijvoorbeeld $email$.', // ours
      fromName: 'Naam afzender', // ours
      subject: 'Onderwerp', // ours
      tokensAllowed: 'Tokens zoals $registratie.serienummer$ zijn toegestaan.', // ours
      contentMode: 'Inhoud van de e-mail', // ours
      modeManual: 'Zelf opstellen', // ours
      modeAuto: 'Automatisch: alle velden van de registratie', // ours
      content: 'Tekst van de e-mail', // ours
      contentHelp: 'HTML met tokens. Gebruik de knoppen voor opmaak en tokens.', // ours
      defaultContent: 'Hierbij de registratie van $registratie.formuliernaam$',
      preview: 'Zo ziet de tekst eruit (tokens worden bij het versturen ingevuld)', // ours
      toolbar: 'Opmaak', // ours
      bold: 'Vet', // ours
      italic: 'Cursief', // ours
      paragraph: 'Alinea', // ours
      bulletList: 'Opsomming', // ours
      insertToken: 'Token invoegen', // ours
      tokenOption: (label: string, token: string) => `${label} ${token}`, // ours
      hideEmpty: 'Lege waarden verbergen', // ours
      attachmentsTitle: 'Bijlagen', // ours
      pdf: 'Registratie als PDF bijvoegen', // ours
      pdfName: 'Bestandsnaam van de PDF', // ours
      defaultPdfName: 'Registratie',
      filenameHelp: 'Letters, cijfers, - en _, of één token.', // ours
      addAttachments: 'Geüploade bestanden van de registratie bijvoegen', // ours
      noStyling: 'E-mail zonder opmaak versturen', // ours
      word: 'Word document als bijlage versturen', // ours
      wordLocked: 'Voor Word bijlagen heeft de klant de Word module nodig.', // ours
      wordUpload: 'Word document (.docx) uploaden', // ours
      wordReplace: 'Ander Word document (.docx) uploaden', // ours
      wordRemove: 'Verwijderen', // ours
      wordRemoveLabel: (name: string) => `Word document ${name} verwijderen`, // ours
      wordUploading: (name: string) => `${name} wordt geupload..`, // ours
      wordOnlyDocx: 'Er kunnen alleen Word (.docx) bestanden worden geupload',
      wordUploadFailed: 'Het Word document kon niet worden geupload. Probeer het opnieuw.', // ours
      wordProcessFailed: 'Het Word document kon niet worden verwerkt. Upload het opnieuw.', // ours
      wordCurrent: (name: string) => `Huidig document: ${name}`, // ours
      wordNone: 'Er is nog geen Word document geüpload.', // ours
      developerMode: (address: string) =>
        address
          ? `Ontwikkelmodus e-mail staat aan: alle e-mails van dit formulier gaan alleen naar ${address}.`
          : 'Ontwikkelmodus e-mail staat aan, maar er is geen adres ingesteld: er worden geen e-mails verstuurd.', // ours
      wordFilename: 'Bestandsnaam van de Word bijlage', // ours
      sendAs: 'Versturen als', // ours
      sendAsPdf: 'PDF', // ours
      sendAsDocx: 'Word (.docx)', // ours
      font: 'Standaard lettertype', // ours
      colours: {
        heading: 'Kleur van koppen', // ours
        label: 'Kleur van labels', // ours
        value: 'Kleur van waarden', // ours
      },
      save: 'Email instellingen opslaan',
      saved: 'Email instellingen opgeslagen',
      saveFailed: 'Email instellingen konden niet worden aangepast.',
    },

    integrations: {
      title: 'Integraties', // ours
      intro: 'Na elke registratie worden de gegevens aan deze koppelingen doorgegeven.', // ours
      empty: 'Er zijn nog geen integraties ingesteld.', // ours
      add: 'Integratie toevoegen', // ours
      item: (n: number, name: string) => (name ? `Integratie ${n}: ${name}` : `Integratie ${n}`), // ours
      remove: (name: string) => `${name} verwijderen`, // ours
      removeTitle: 'Integratie verwijderen?', // ours
      removeConfirm: (name: string) => `Weet u zeker dat u "${name}" wilt verwijderen?`, // ours
      name: 'Naam', // ours
      type: 'Type', // ours
      types: {
        'post-to-url': 'Registratie naar een URL versturen (post-to-url)',
        'sia-signal-create': 'Melding aanmaken in Signalen (sia-signal-create)',
        'schouten-merge-registrations': 'Registraties samenvoegen per e-mail (schouten-merge-registrations)',
      }, // ours (the type names are the spec's)
      url: 'URL', // ours
      urlHelp: 'Het adres dat de registratie ontvangt, beginnend met https:// of http://.', // ours
      mergedEmail: 'E-mailadres voor de samengevoegde registraties', // ours
      siaCategory: 'Categorie in Signalen', // ours
      siaCategoryHelp: 'Het adres van de subcategorie in Signalen, bijvoorbeeld https://api.gemeente.nl/signals/v1/public/terms/categories/wegen/sub_categories/lantaarnpaal. Leeg: Signalen kiest zelf.', // ours
      save: 'Integraties opslaan',
      saved: 'Integraties zijn opgeslagen',
      saveFailed: 'Integraties konden niet worden aangepast.',
    },
  },

  // Spec 002: clients (screens 1 to 7).
  clients: {
    loading: 'Laden..',
    name: 'Klant naam',
    credits: 'Credits',
    creditsUnknown: 'Onbekend', // ours: the credits of one client could not be read
    tableLabel: 'Klanten', // ours
    open: (name: string) => `Klant ${name} openen`, // ours
    modules: {
      word: 'Word',
      map_element: 'Kaart element',
      location: 'Locatie element',
      tracking: 'Tracking element',
      qr_code: 'QR code element',
    } as Record<string, string>, // the spec's module list, in the builder's wording
    noModules: 'Geen',

    assigned: {
      title: 'Mijn klanten', // ours: same as the drawer entry
      empty: 'U bent nog niet aan een klant toegewezen.', // ours
    },

    admin: {
      title: 'Klanten beheer',
      add: 'Klant toevoegen', // ours: the spec's 'add client' button
      empty: 'Er zijn nog geen klanten.', // ours
      paging: 'Pagina’s met klanten', // ours
      previous: 'Vorige', // ours
      next: 'Volgende', // ours
    },

    // Decision 021: a snapshot of one client restored by an admin, as a new or replacing client.
    restore: {
      open: 'Klant terugzetten', // ours: the button on the admin list
      title: 'Klant terugzetten', // ours
      intro:
        'Kies een momentopname (.tar) van een klant. Een klant die niet op dit platform staat, wordt teruggezet als nieuwe klant, met zijn eigen formulieren, groepen en registraties. Gebruikers voegt u daarna opnieuw toe.', // ours
      file: 'Momentopname (.tar)', // ours: the file input's label
      choose: 'Bestand kiezen', // ours
      chosen: (name: string, size: string) => `Gekozen bestand: ${name} (${size})`, // ours
      noFile: 'Nog geen bestand gekozen.', // ours
      fileRequired: 'Kies eerst een momentopname (.tar).', // ours
      fileNotTar: 'Kies een .tar-bestand: een momentopname uit eform.', // ours
      replace: 'Bestaande klant vervangen',
      replaceWarning:
        'Let op: vervangen overschrijft de klant met de momentopname. Alles wat sinds het maken van de momentopname is geregistreerd of gewijzigd, gaat verloren.', // ours (decision 021)
      submit: 'Terugzetten',
      cancel: 'Annuleren', // ours
      close: 'Sluiten', // ours
      uploadLabel: 'Voortgang van het uploaden', // ours
      uploading: (percent: number) => `De momentopname wordt geüpload: ${percent}%.`, // ours
      progressLabel: 'Voortgang van het terugzetten', // ours
      waiting: 'De klant wordt teruggezet..', // ours: before the server counted the steps
      progress: (processed: number, total: number) => `De klant wordt teruggezet: ${processed} van ${total} stappen gedaan.`, // ours
      background: 'Het terugzetten gaat op de server door; de klant verschijnt in de lijst zodra het klaar is.', // ours: the dialog closed while the batch runs
      restored: (name: string) => `Klant ${name} is teruggezet.`, // ours
      failed: 'De klant kon niet worden teruggezet.', // ours
      uploadFailed: 'De momentopname kon niet worden geüpload.', // ours
    },

    create: {
      title: 'Klant aanmaken', // ours: the button's text
      name: 'Klant naam',
      nameRequired: 'Klant naam is verplicht.', // ours, like the server's text
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      submit: 'Klant aanmaken',
      created: (name: string) => `Klant ${name} is aangemaakt.`, // ours
      failed: 'De klant kon niet worden aangemaakt.', // ours
    },

    // The shell's tabs (screen 4).
    tabs: {
      label: 'Onderdelen van de klant', // ours
      view: 'Bekijk',
      edit: 'Aanpassen',
      users: 'Gebruikers',
      groups: 'Groepen',
      credits: 'Credits',
      remove: 'Verwijderen',
    },

    view: {
      title: 'Overzicht', // ours: the drawer's name for this screen
      modules: 'Modules', // ours
      lowCreditLimit: 'E-mail bij weinig credits vanaf', // ours: field_low_credit_email_limit
      buyModules: 'Modules kopen', // ours: the spec's 'buy modules' button
      nextExpiry: 'Eerstvolgende vervaldatum credits', // ours: credits_next_expire_date
      nextExpiryNone: 'Er vervallen geen credits', // ours
      chartTitle: 'Creditgebruik', // ours: the spec's credit usage chart
    },

    // Decision 021: a snapshot of the whole client, for admins only.
    snapshot: {
      open: 'Momentopname downloaden',
      title: 'Momentopname downloaden', // ours
      intro: (name: string) =>
        `Een momentopname bevat alles van klant ${name}: de database met formulieren, groepen en registraties, en alle geüploade bestanden. Het bestand (.tar) kan later worden teruggezet.`, // ours
      progressLabel: 'Voortgang van de momentopname', // ours
      starting: 'De momentopname wordt gestart..', // ours
      waiting: 'De momentopname wordt gemaakt..', // ours: before the server counted the steps
      progress: (processed: number, total: number) => `De momentopname wordt gemaakt: ${processed} van ${total} stappen gedaan.`, // ours
      done: 'De momentopname is klaar en wordt gedownload. Komt er geen download, gebruik dan de link hieronder; die werkt 24 uur.', // ours
      again: 'Opnieuw downloaden', // ours
      failed: 'De momentopname kon niet worden gemaakt.', // ours
      startFailed: 'De momentopname kon niet worden gestart.', // ours
      close: 'Sluiten', // ours
    },

    // Screen 6 (Aanpassen).
    edit: {
      title: 'Klant aanpassen', // ours
      name: 'Klant naam',
      nameRequired: 'Klant naam is verplicht.', // ours, like create
      modules: 'Modules', // ours
      modulesHelp: 'Alleen zichtbaar voor beheerders en eform medewerkers.', // ours
      lowCreditLimit: 'E-mail bij weinig credits vanaf', // ours: as on the overview
      lowCreditLimitHelp: 'Bij dit aantal credits of minder krijgt de klant een e-mail.', // ours
      lowCreditLimitRequired: 'Vul het aantal credits in, een geheel getal van 0 of hoger.', // ours
      lowCreditLimitInvalid: 'Het aantal credits moet een geheel getal van 0 of hoger zijn.', // ours, like the server's text
      introText: 'Introductietekst registratie', // ours: user_register_intro_text
      introTextHelp: 'Staat boven het registratieformulier. HTML mag; wat niet veilig is, haalt de server bij het opslaan weg.', // ours
      registerEnabled: 'Zelfregistratie toestaan',
      registerEnabledHelp: 'Alleen dan kunnen nieuwe gebruikers zich via de registratielink van deze klant aanmelden.', // ours
      terms: 'Gebruikers die de algemene voorwaarden moeten accepteren', // ours
      termsEmpty: 'Er staan geen gebruikers op deze lijst.', // ours
      termsUsersFailed: 'De gebruikers van deze klant konden niet worden geladen: u kunt alleen gebruikers van de lijst halen.', // ours
      termsName: 'Naam', // ours
      termsEmail: 'E-mail', // ours
      termsActions: 'Acties', // ours
      termsRemove: (name: string) => `${name} van de lijst halen`, // ours
      termsAdd: 'Gebruiker toevoegen', // ours: the spec's 'add' button
      dialogTitle: 'Gebruiker toevoegen aan de lijst', // ours
      dialogSearch: 'Zoek op naam of e-mail', // ours
      dialogTable: 'Gebruikers die nog niet op de lijst staan', // ours
      dialogEmpty: 'Alle gebruikers van de klant staan al op de lijst.', // ours
      dialogNoMatch: 'Geen gebruikers gevonden.', // ours
      dialogAdd: (name: string) => `${name} toevoegen aan de lijst`, // ours
      dialogClose: 'Sluiten', // ours
      submit: 'Klant opslaan',
      cancel: 'Annuleren',
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      saved: (name: string) => `Klant ${name} is aangepast.`,
      failed: 'De klant kon niet worden opgeslagen.', // ours
    },

    remove: {
      title: 'Klant verwijderen', // ours
      confirm: 'Weet u zeker dat u deze klant wilt verwijderen?',
      permanent: (name: string) =>
        `Klant ${name} wordt definitief verwijderd, met alle formulieren, registraties, databronnen en credits. Dit kan niet ongedaan worden gemaakt.`, // ours
      submit: 'Verwijder klant',
      cancel: 'Annuleren',
      progressLabel: 'Voortgang van het verwijderen', // ours
      starting: 'Het verwijderen wordt gestart..', // ours
      waiting: 'De klant wordt verwijderd..', // ours: before the server counted the steps
      progress: (processed: number, total: number) => `De klant wordt verwijderd: ${processed} van ${total} stappen gedaan.`, // ours
      removed: (name: string) => `Klant ${name} is verwijderd.`, // ours
      failed: 'De klant kon niet worden verwijderd.', // ours
      startFailed: 'Het verwijderen van de klant kon niet worden gestart.', // ours
    },

    // Screen 8 (Credits): the ledger, the orders and what became of the order the buyer returns from.
    creditsTab: {
      title: 'Credits', // ours: the tab's name
      buy: 'Credits kopen',
      adminAdd: 'Credits handmatig toevoegen', // ours: the spec's manual add button
      tableLabel: 'Credits van de klant', // ours
      name: 'Naam', // ours
      created: 'Aangemaakt', // ours
      total: 'Totaal', // ours: credits_total
      left: 'Over', // ours: credits_left
      expiry: 'Vervaldatum', // ours: credit_expire_date
      noExpiry: 'Geen', // ours
      expired: 'verlopen', // ours: after the expiry date
      empty: 'Deze klant heeft nog geen credits.', // ours
      orders: 'Bestellingen', // ours
      ordersLabel: 'Bestellingen van de klant', // ours
      ordersEmpty: 'Deze klant heeft nog geen bestellingen.', // ours
      orderTitle: 'Uw bestelling', // ours: the order the checkout address led back to
      // The invoice provider's answer (the server's ORDER_RECEIVED, domain/src/messages.rs).
      orderReceived:
        'Uw bestelling is ontvangen. U ontvangt een factuur; zodra de bestelling is bevestigd, staan de credits of de module klaar.',
      orderProcessing: 'Uw betaling wordt nog verwerkt. Deze pagina wordt vanzelf bijgewerkt.', // ours: Mollie before its webhook
      creditsBought: 'Credits zijn gekocht.',
      moduleBought: 'De module is toegevoegd aan de klant.', // the server's MODULE_GRANTED
      orderFailed: 'De betaling is mislukt. Er is niets afgeschreven; u kunt opnieuw bestellen.', // ours
      orderCancelled: 'De betaling is geannuleerd. U kunt opnieuw bestellen.', // ours
      orderExpired: 'De betaling is verlopen. U kunt opnieuw bestellen.', // ours
      orderUnknown: 'Deze bestelling is niet gevonden.', // ours
    },

    // Screens 9 to 11: what every buy form and the manual addition ask of the contact.
    contact: {
      title: 'Contactgegevens', // ours
      contact_company: 'Bedrijfsnaam', // the server's field names (domain/src/purchases.rs)
      contact_firstname: 'Voornaam',
      contact_lastname: 'Achternaam',
      contact_street: 'Straat en huisnummer',
      contact_postal_code: 'Postcode',
      contact_city: 'Plaats',
      contact_email: 'E-mailadres',
      contact_tax_number: 'Btw-nummer (optioneel)', // ours
      required: (label: string) => `${label} is verplicht.`, // as the server says it
      emailInvalid: 'Vul een geldig e-mailadres in.',
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      terms: 'Ik ga akkoord met de algemene voorwaarden', // ours: the spec's terms checkbox
      termsHelp: 'Zonder akkoord met de algemene voorwaarden kunt u niet bestellen.', // ours
      exclVat: 'excl. btw',
      cancel: 'Annuleren',
      redirecting: 'U wordt doorgestuurd naar de betaling..', // ours
    },

    creditsBuy: {
      title: 'Credits kopen',
      intro: 'Credits zijn twee jaar geldig. Prijzen zijn exclusief btw.', // ours (spec 002 sections 1 and 9)
      bundles: 'Kies een bundel', // ours
      bundle: (name: string, credits: number) => `${name}: ${credits} credits`, // ours
      price: (price: string, perCredit: string) => `${price} excl. btw (${perCredit} per credit)`, // ours
      bundleRequired: 'Kies een bundel.', // ours
      noBundles: 'Er zijn op dit moment geen bundels te koop.', // ours
      submit: 'Bestellen', // ours
      failed: 'De bestelling kon niet worden geplaatst.', // ours
    },

    modulesBuy: {
      title: 'Module kopen', // ours
      intro: 'Met een module gebruikt u de bijbehorende onderdelen in al uw formulieren. Prijzen zijn exclusief btw.', // ours
      modules: 'Kies een module', // ours
      owned: 'In bezit', // ours
      price: (price: string) => `${price} excl. btw`, // ours
      notChosen: 'U heeft nog geen module geselecteerd.',
      noModules: 'Er zijn op dit moment geen modules te koop.', // ours
      allOwned: 'Deze klant heeft alle modules die te koop zijn al.', // ours
      submit: 'Bestellen', // ours
      failed: 'De bestelling kon niet worden geplaatst.', // ours
    },

    // Screen 10.
    creditsAdminAdd: {
      title: 'Credits handmatig toevoegen', // ours
      name: 'Naam', // ours
      defaultName: 'Handmatig toegevoegd', // ours: the admin default
      creditsTotal: 'Aantal credits', // ours
      creditsInvalid: 'Het aantal credits moet een geheel getal van 0 of hoger zijn.', // as the server says it
      expiry: 'Vervaldatum', // ours
      expiryHelp: 'Standaard twee jaar na vandaag.', // ours (spec 002 section 5)
      expiryInvalid: 'Vul een geldige vervaldatum in (JJJJ-MM-DD).', // as the server says it
      submit: 'Credits toevoegen', // ours
      added: 'Credits zijn toegevoegd aan klant.',
      failed: 'De credits konden niet worden toegevoegd.', // ours
    },

    // The client roles (spec 002 section 6), named as the server names them (domain access.rs).
    roles: {
      client_manager: 'Klant beheerder',
      financial: 'Financieel',
      form_manager: 'Formulier beheerder',
      form_view_registrations: 'Registraties bekijken',
      user_manager: 'Gebruikers beheerder',
    } as Record<string, string>,

    users: {
      title: 'Gebruikers', // ours: the tab's name
      tableLabel: 'Gebruikers van de klant', // ours
      empty: 'Deze klant heeft nog geen gebruikers.', // ours
      add: 'Gebruiker toevoegen', // ours: the spec's 'add user' button
      name: 'Naam', // ours
      email: 'E-mail', // ours
      rolesColumn: 'Rollen', // ours
      actions: 'Acties', // ours
      edit: (name: string) => `Rollen van ${name} aanpassen`, // ours
      remove: (name: string) => `${name} verwijderen van deze klant`, // ours
      resend: (name: string) => `Welkomsmail opnieuw sturen naar ${name}`, // ours
      confirmTitle: 'Gebruiker verwijderen', // ours
      confirmText: (name: string) => `Weet u zeker dat u gebruiker "${name}" van deze klant wilt verwijderen?`, // ours
      confirm: 'Verwijderen', // ours
      removed: (name: string) => `Gebruiker "${name}" is verwijderd van deze klant.`,
      removeFailed: 'Gebruiker kon niet worden verwijderd.',
      welcomeSent: (name: string) => `Welkoms mail is verstuurd naar "${name}`,
      welcomeFailed: 'Welkomsmail kon niet verstuurd worden.',
      loadFailed: 'De gebruikers konden niet worden geladen.', // ours
    },

    userAdd: {
      title: 'Gebruiker toevoegen', // ours
      email: 'E-mail', // ours
      emailRequired: 'E-mail is verplicht.', // ours
      emailInvalid: 'Vul een geldig e-mailadres in.', // ours
      roles: 'Rollen', // ours
      formFiller: 'Formulier invuller', // spec 000: always on
      requireTerms: 'Gebruiker moet de algemene voorwaarden accepteren', // ours: require_terms (admins only)
      submit: 'Gebruiker toevoegen', // ours
      cancel: 'Annuleren',
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      failed: 'De gebruiker kon niet worden toegevoegd.', // ours
    },

    userEdit: {
      title: (name: string) => `Rollen van ${name}`, // ours
      submit: 'Opslaan', // ours
      cancel: 'Annuleren',
      saved: (name: string) => `Toegangsrechten voor gebruiker ${name} is aangepast.`,
      failed: 'De rollen konden niet worden opgeslagen.', // ours
      missing: 'Deze gebruiker heeft geen toegangsrechten in deze klant.', // ours
      groups: 'Groepen', // ours: as the tab
      groupsEmpty: 'Deze gebruiker zit in geen groep.', // ours
    },

    groups: {
      title: 'Groepen', // ours: the tab's name
      tableLabel: 'Groepen van de klant', // ours
      empty: 'Deze klant heeft nog geen groepen.', // ours
      add: 'Groep toevoegen',
      name: 'Groepnaam',
      actions: 'Acties', // ours
      edit: (label: string) => `Groep ${label} aanpassen`, // ours
      view: (label: string) => `Groep ${label} bekijken`, // ours: without 'create user group'
      remove: (label: string) => `Groep ${label} verwijderen`, // ours
      confirmTitle: 'Groep verwijderen', // ours
      confirmText: (label: string) => `Weet u zeker dat u groep "${label}" wilt verwijderen?`, // ours
      confirm: 'Verwijderen', // ours
      removed: 'Groep is verwijderd.',
      removeFailed: 'Groep kon niet worden verwijderd.',
    },

    groupEdit: {
      title: (label: string) => `Groep ${label}`, // ours
      name: 'Groepnaam',
      nameRequired: 'Groepnaam is verplicht.', // ours
      save: 'Groep opslaan', // ours
      back: 'Terug naar groepen', // ours
      readOnly: 'U kunt deze groep bekijken, maar niet aanpassen.', // ours: without 'create user group'
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      saved: (label: string) => `Groep '${label}' is aangepast.`,
      saveFailed: 'De groep kon niet worden opgeslagen.', // ours
      forms: 'Formulieren van deze groep', // ours
      formsEmpty: 'Deze groep heeft nog geen formulieren.', // ours
      formsFailed: 'De formulieren konden niet worden geladen.', // ours
      viewForm: (name: string) => `Formulier ${name} bekijken`, // ours: the spec's 'view form' button, for screen readers
      viewFormButton: 'Bekijk formulier', // ours
      addUsers: 'Gebruikers toevoegen', // ours: the spec's 'add users' table
      addUsersTable: 'Gebruikers die nog niet in de groep zitten', // ours
      addUsersEmpty: 'Alle gebruikers van de klant zitten al in deze groep.', // ours
      usersFailed: 'De gebruikers konden niet worden geladen.', // ours
      add: (name: string) => `${name} toevoegen aan de groep`, // ours
      added: 'Gebruiker is toegevoegd aan groep.',
      addFailed: 'Gebruiker kon niet worden toegevoegd.',
      members: 'Leden', // ours
      membersEmpty: 'Deze groep heeft nog geen leden.', // ours
      memberName: 'Naam', // ours
      email: 'E-mail', // ours
      actions: 'Acties', // ours
      remove: (name: string) => `${name} verwijderen uit de groep`, // ours
      confirmTitle: 'Gebruiker verwijderen uit groep', // ours
      confirmText: (name: string) => `Weet u zeker dat u ${name} uit deze groep wilt verwijderen?`, // ours
      confirm: 'Verwijderen', // ours
      removed: 'Gebruiker is verwijderd van groep.',
      removeFailed: 'Gebruiker kon niet worden verwijderd.',
    },

    groupAdd: {
      title: 'Groep toevoegen', // ours: the tab's button
      name: 'Groepnaam',
      nameRequired: 'Groepnaam is verplicht.', // ours
      submit: 'Groep toevoegen aan klant',
      checkForm: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
      created: (label: string) => `Groep ${label} is aangemaakt.`, // ours
      failed: 'De groep kon niet worden aangemaakt.', // ours
    },
  },

  // The credit usage chart of the client overview and the admin dashboard (spec 002 screens 5 and 21).
  creditUsage: {
    title: 'Creditgebruik', // ours
    year: 'Jaar', // ours
    month: 'Maand', // ours
    wholeYear: 'Heel het jaar', // ours: no month chosen
    loading: 'Laden..',
    failed: 'De grafiek kon niet worden geladen.', // ours
    empty: 'Geen creditgebruik in deze periode.', // ours
    showTable: 'Toon als tabel', // ours
    hideTable: 'Verberg tabel', // ours
    period: 'Periode', // ours
    total: 'Totaal', // ours
    credits: 'Credits', // ours: the one series of a single client
    tableLabel: (period: string) => `Creditgebruik ${period}`, // ours
    chartLabel: (period: string, total: number) => `Staafdiagram van het creditgebruik in ${period}: ${total} credits in totaal.`, // ours
    noData: 'Geen gegevens', // ours: the chart library's empty overlay
  },

  // Orders of credits and modules (decision 022), on the Credits tab and the admin dashboard.
  purchases: {
    status: {
      pending: 'Wacht op bevestiging',
      paid: 'Betaald',
      failed: 'Mislukt',
      cancelled: 'Geannuleerd',
      expired: 'Verlopen',
    } as Record<string, string>, // ours
    kind: { credits: 'Credits', module: 'Module' } as Record<string, string>, // ours
    provider: { invoice: 'Op factuur', mollie: 'Online betaling' } as Record<string, string>, // ours
    created: 'Besteld op', // ours
    name: 'Bestelling', // ours
    client: 'Klant', // ours
    credits: 'Credits', // ours
    price: 'Prijs (excl. btw)', // ours
    amount: 'Bedrag (incl. btw)', // ours
    payment: 'Betaling', // ours
    statusColumn: 'Status', // ours
    actions: 'Acties', // ours
    confirm: 'Bevestigen',
    confirmOrder: (name: string) => `Bestelling ${name} bevestigen`, // ours: the button's name for screen readers
    confirmTitle: 'Bestelling bevestigen', // ours
    confirmText: (name: string, client: string) =>
      `Is de factuur van bestelling "${name}" van ${client} betaald? Na bevestigen krijgt de klant de credits of de module.`, // ours
    confirmFailed: 'De bestelling kon niet worden bevestigd.', // ours
  },

  // Spec 002 screen 21.
  adminDashboard: {
    title: 'Admin dashboard',
    noReports: 'Nog geen rapporten: het eerste rapport verschijnt na de dagelijkse taak.', // ours
    loadFailed: 'Dit onderdeel kon niet worden geladen.', // ours
    usageTitle: 'Creditgebruik per klant (laatste 30 dagen)', // ours
    usageLabel: 'Creditgebruik per klant in de laatste 30 dagen', // ours
    client: 'Klant', // ours
    creditsUsed: 'Credits gebruikt', // ours
    usageEmpty: 'In de laatste 30 dagen zijn geen credits gebruikt.', // ours
    storageTitle: 'Opslag', // ours
    reportOf: (date: string) => `Volgens het rapport van ${date}.`, // ours
    diskFree: 'Vrij', // ours
    diskTotal: 'Totaal', // ours
    diskAvailable: 'Beschikbaar', // ours
    storageLabel: 'Opslag per klant', // ours
    registrations: 'Registraties', // ours
    diskBytes: 'Opslag', // ours
    creditsLeft: 'Credits over', // ours
    chartTitle: 'Creditgebruik van alle klanten', // ours
    ordersTitle: 'Openstaande bestellingen', // ours
    ordersEmpty: 'Er zijn geen openstaande bestellingen.', // ours
    offersTitle: 'Aanbod', // ours
    bundlesTitle: 'Creditbundels', // ours
    bundlesLabel: 'Creditbundels', // ours
    bundlesEmpty: 'Er zijn nog geen bundels.', // ours
    modulesTitle: 'Modules', // ours
    modulesLabel: 'Modules', // ours
    modulesEmpty: 'Er zijn geen modules.', // ours
    name: 'Naam', // ours
    credits: 'Credits', // ours
    price: 'Prijs in euro (excl. btw)', // ours
    position: 'Volgorde', // ours
    enabled: 'Te koop', // ours
    description: 'Omschrijving', // ours
    save: 'Opslaan', // ours
    saveBundle: (name: string) => `Bundel ${name} opslaan`, // ours
    saveModule: (name: string) => `Module ${name} opslaan`, // ours
    addBundle: 'Bundel toevoegen', // ours
    newBundle: 'Nieuwe bundel', // ours
    bundleSaved: (name: string) => `Bundel ${name} is opgeslagen.`, // ours
    bundleAdded: (name: string) => `Bundel ${name} is toegevoegd.`, // ours
    moduleSaved: (name: string) => `Module ${name} is opgeslagen.`, // ours
    nameRequired: 'Vul een naam in.', // ours
    creditsInvalid: 'Vul een aantal credits groter dan 0 in.', // ours
    priceInvalid: 'Vul een prijs van 0 of hoger in euro in, bijvoorbeeld 12,50.', // ours
    positionInvalid: 'Vul een geheel getal in.', // ours
    saveFailed: 'Het aanbod kon niet worden opgeslagen.', // ours
  },

  // Dutch month names (spec 002 section 3: also used in filters and the chart's selects).
  calendar: {
    months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
    monthsShort: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  },
} as const;
