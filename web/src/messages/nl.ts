/**
 * Every Dutch text the user sees, in one place. Quoted texts of the specification are copied
 * exactly (including their punctuation, e.g. the double dot in 'U wordt nu uitgelogd..');
 * texts the specification leaves to us are marked "ours".
 */
export const nl = {
  app: {
    name: 'eform',
    // ours: web manifest description
    description: 'Elektronische formulieren invullen en beheren, ook offline.',
    version: (version: string) => `Versie ${version}`,
    loading: 'Laden..',
  },

  auth: {
    loginTitle: 'Inloggen',
    emailLabel: 'E-mailadres',
    passwordLabel: 'Wachtwoord',
    loginSubmit: 'Inloggen',
    forgotPasswordLink: 'Wachtwoord vergeten?',
    emailRequired: 'E-mailadres is verplicht.',
    emailInvalid: 'Vul een geldig e-mailadres in.',
    passwordRequired: 'Wachtwoord is verplicht.',
    loginFailed: 'Er is iets mis gegaan tijdens het inloggen.',
    noClients:
      'Uw account is niet toegewezen aan een klant en bent daarom automatisch uitgelogd.',
    loggingOut: 'U wordt nu uitgelogd..',

    // ours: password flows
    forgotTitle: 'Wachtwoord vergeten',
    forgotIntro:
      'Vul uw e-mailadres in. U ontvangt dan een e-mail met een link om een nieuw wachtwoord in te stellen.',
    forgotSubmit: 'Verstuur',
    backToLogin: 'Terug naar inloggen',
    resetTitle: 'Nieuw wachtwoord instellen',
    newPasswordLabel: 'Nieuw wachtwoord',
    repeatPasswordLabel: 'Herhaal nieuw wachtwoord',
    resetSubmit: 'Wachtwoord opslaan',
    passwordTooShort: (min: number) => `Het wachtwoord moet minimaal ${min} tekens lang zijn.`,
    passwordsDiffer: 'De wachtwoorden komen niet overeen.',
    toLogin: 'Naar inloggen',
    requestFailed: 'Er is iets mis gegaan. Probeer het later opnieuw.',
  },

  shell: {
    openMenu: 'Menu openen', // ours
    skipToContent: 'Naar de inhoud', // ours
    navigation: 'Navigatie', // ours
    clientLabel: 'Klant',
    clientSwitched: (name: string) => `Je kan nu met klant "${name}" werken.`,
    clientSwitchFailed: 'Er is iets mis gegaan bij het wisselen van klant.', // ours
    logout: 'Uitloggen', // ours
    login: 'Inloggen', // ours
    environment: (name: string) => `Omgeving: ${name}`, // ours
    offline:
      'U bent momenteel offline. U kunt geen formulieren versturen en hebt mogelijk niet de nieuwste versie van formulieren beschikbaar. Ga niet uitloggen als u nog opgeslagen registraties heeft die alleen op dit apparaat staan.',
    updateAvailable: 'Nieuwe update beschikbaar. Sla uw werk op voordat u update.',
    updateNow: 'Nu updaten',
    close: 'Sluiten', // ours
    // ours: iOS has no install event, so the user is told how to add the app by hand
    iosInstallTitle: 'Installeer eform op uw apparaat',
    iosInstallText:
      'Tik onderin op het deel-icoon en kies daarna "Zet op beginscherm" om eform als app te gebruiken.',
    account: (email: string) => `Ingelogd als ${email}`, // ours: the avatar in the app bar
  },

  nav: {
    dashboard: 'Dashboard', // ours: the spec names the entry only by its route
    folderList: 'Formulier invullen',
    formListAdmin: 'Formulieren beheren',
    folderListAdmin: 'Mappen beheren',
    unsendRegistrations: 'Opgeslagen registraties',
    assignedRegistrations: 'Toegewezen registraties',
    myRegistrations: 'Mijn registraties',
    datasourcesHeading: 'Databronnen',
    datasourceList: 'Databronnen',
    clientHeading: 'Klantbeheer', // ours
    clientView: 'Overzicht',
    clientUsers: 'Gebruikers',
    clientUserGroups: 'Groepen',
    clientCredits: 'Credits kopen',
    clientListAssigned: 'Mijn klanten', // ours
    adminHeading: 'Admin', // ours
    clientListAdmin: 'Klanten beheer',
    adminDashboard: 'Admin dashboard',
  },

  dashboard: {
    title: 'Dashboard', // ours
    fillForms: 'Formulieren invullen',
    fillFormsText: 'Kies een formulier uit de mappen en vul het in, online of offline.', // ours
    manageForms: 'Formulieren beheren',
    manageFormsText: 'Bekijk en bewerk formulieren, toegang en registraties.', // ours
    createForm: 'Formulier aanmaken',
    createFormText: 'Maak een nieuw formulier aan in een van de mappen.', // ours
  },

  // ours: install prompt card (dashboard and folder list)
  install: {
    title: 'Installeer eform',
    text: 'Installeer eform op dit apparaat: de app start dan vanaf uw beginscherm en werkt ook offline.',
    button: 'Installeren',
  },

  folders: {
    title: 'Formulier invullen', // ours: same as the drawer entry
    treeLabel: 'Mappen en formulieren', // ours
    empty: 'Er zijn geen mappen en formulieren gevonden voor deze klant.',
  },

  fill: {
    back: 'Terug', // ours
    submit: 'Versturen',
    cancel: 'Annuleren',
    creditsExhausted:
      'De credits zijn op. U kunt dit formulier wel versturen, maar de registratie blijft verborgen totdat de credits zijn aangevuld.',
    leaveTitle: 'Pagina verlaten?', // ours
    leaveConfirm: 'Wilt u deze pagina verlaten? Indien u wijzigingen heeft aangebracht gaan deze verloren.',
    leaveStay: 'Blijven', // ours
    leaveGo: 'Verlaten', // ours
    sentDialog: 'Uw registratie is verstuurd.',
    done: 'Gereed',
    fillAgain: 'Nogmaals invullen',
    sentToast: 'Registratie is verstuurd.',
    validationFailed: 'Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.',
    sendFailed: 'Er is iets mis gegaan met het versturen van de registratie.',
    duplicate:
      'Deze registratie is al eerder ingestuurd en kon daarom niet opnieuw worden verstuurd. U kunt alsnog op versturen klikken maar dan kan het zijn dat er een dubbele registraties gemaakt wordt.',
    progressTitle: 'Registratie versturen', // ours
    progressSending: (percent: number) => `Bezig met versturen: ${percent}%`, // ours
    progressProcessing: 'De server verwerkt de registratie.', // ours
    formNotFound: 'Dit formulier bestaat niet of is niet (meer) beschikbaar.', // ours
    saveOffline: 'Formulier offline opslaan',
    /** Online: keep on the device (and the user's other devices through sync) to send later. */
    save: 'Opslaan',
    duplicateCleanupFailed: 'Er is iets misgegaan met het opruimen de dubbele opgeslagen registratie.',
    savedOffline: 'Formulier is opgeslagen om later verzonden te worden',
    saveOfflineFailed: 'Het formulier kon niet op dit apparaat worden opgeslagen.', // ours
  },

  // Saved registrations, sync and the unsynced list (spec 000 screen 8, sections 4, 8, 9).
  offline: {
    syncFailed: 'Registraties konden niet gesynchroniseerd worden.',
    listTitle: 'Opgeslagen registraties', // ours: same as the drawer entry
    empty: 'U heeft momenteel geen onverstuurde registraties.',
    filesNote: 'Offline bestanden worden 31 dagen bewaard.', // ours: wording of the spec's note
    ageNote: 'Opgeslagen registraties ouder dan een jaar worden automatisch verwijderd.', // ours: wording of the spec's note
    columnForm: 'Formulier', // ours
    columnSummary: 'Samenvatting', // ours
    columnLastChange: 'Laatste wijziging', // ours
    columnActions: 'Acties', // ours
    open: (name: string) => `${name} openen`, // ours
    delete: 'Verwijderen', // ours
    deleted: 'Verwijderd, wordt gesynchroniseerd', // ours
    deleteTitle: 'Registratie verwijderen?', // ours
    deleteConfirm: 'Weet u zeker dat u deze opgeslagen registratie wilt verwijderen?', // ours
    cancel: 'Annuleren', // ours
    conflict: 'Conflict', // ours
    chooseVersion: 'Kies versie',
    conflictTitle: 'Kies versie', // ours
    conflictText:
      'Op de server staat een nieuwere versie van deze registratie. Kies welke versie u wilt bewaren; de andere versie wordt definitief verwijderd.', // ours
    keepLocal: 'Versie op dit apparaat', // ours
    keepServer: 'Versie op de server', // ours
    logoutTitle: 'Toch uitloggen?', // ours
    logoutConfirm: (count: number) =>
      `Er ${count === 1 ? 'staat nog 1 registratie' : `staan nog ${count} registraties`} alleen op dit apparaat. Als u uitlogt, kunnen deze verloren gaan.`, // ours
    logoutGo: 'Toch uitloggen', // ours
    logoutStay: 'Niet uitloggen', // ours
  },

  // The form elements while filling in (spec 000 sections 3 and 5).
  elements: {
    notAvailable: 'Dit onderdeel is nog niet beschikbaar in deze versie.',
    autoIncrementPending: '(wordt toegekend bij versturen)',
    calculationIncomplete: 'Berekening wordt nog niet uitgevoerd omdat niet alle velden zijn ingevuld.',
    calculationError: 'Fout',
    chooseOption: 'Maak een keuze', // ours: the empty choice of a select
    listEmpty: 'Lijst met waardes is leeg.',
    noMatches: 'Geen waardes gevonden. Verander uw zoekopdracht.',
    optionsTruncated: (shown: number, total: number) => `De eerste ${shown} van ${total} opties worden getoond.`, // ours
    dateLabel: (label: string) => `${label} (datum)`, // ours
    timeLabel: (label: string) => `${label} (tijd)`, // ours
    signatureCanvas: (label: string) => `Tekenvlak voor ${label}`, // ours
    signatureHint: 'Teken met de muis, uw vinger of een pen.', // ours
    signatureSet: 'Handtekening is gezet.', // ours
    signatureClear: 'Wissen', // ours
    chooseFile: 'Bestand kiezen', // ours
    chooseImage: 'Foto kiezen', // ours
    filesOfflineDisabled: 'Bestanden toevoegen kan alleen online.', // ours
    removeFile: (name: string) => `${name} verwijderen`, // ours
    uploading: (name: string, percent: number) => `${name} wordt geupload: ${percent}%`, // ours
    uploadFailed: (name: string) => `Bestand kon niet geupload worden. Probeer het opnieuw. Filename: ${name}`,
    fileTooLarge: 'Maximale bestandsgrootte is 20Mb.',
    subformAdd: 'Toevoegen', // ours
    subformEdit: 'Bewerken', // ours
    subformRemove: 'Verwijderen', // ours
    subformEntry: (label: string, index: number) => `${label} ${index}`, // ours
    subformEmpty: 'Er zijn nog geen regels toegevoegd.', // ours
    fieldError: (field: string, message: string) => `${field}: ${message}`, // ours
    linkedFormOpen: 'Formulier invullen', // ours
    linkedFormDone: (serial: number | string) => `Gekoppelde registratie ${serial} is verstuurd.`, // ours
    imagePreview: (name: string) => `Voorbeeld van ${name}`, // ours
  },

  // ours: the same texts as the server's checks (domain/src/messages.rs), so a field reads alike
  // whichever side found the problem.
  validation: {
    required: 'Dit veld is verplicht.',
    number: 'Vul een getal in.',
    email: 'Vul een geldig e-mailadres in.',
    date: 'Vul een geldige datum in (JJJJ-MM-DD).',
    time: 'Vul een geldige tijd in (UU:MM).',
    datetime: 'Vul een geldige datum en tijd in (JJJJ-MM-DD UU:MM).',
    option: 'Kies een van de beschikbare opties.',
    min: (min: string) => `De waarde moet minimaal ${min} zijn.`,
    max: (max: string) => `De waarde mag maximaal ${max} zijn.`,
    minLength: (min: number) => `Vul minimaal ${min} tekens in.`,
    maxLength: (max: number) => `Vul maximaal ${max} tekens in.`,
    emailOrToken: 'Vul een geldig e-mailadres of één $token$ in.',
    filenameOrToken: 'Gebruik alleen letters, cijfers, - en _, of één $token$.',
  },

  search: {
    title: 'Zoeken in registraties', // ours
    field: 'Zoekveld', // ours
    term: 'Zoekterm', // ours
    submit: 'Zoeken', // ours
    noHits: 'Er zijn geen registraties gevonden voor dit formulier met deze zoekopdracht',
    results: 'Gevonden registraties', // ours
  },

  // ours: column headings and paging of the registration tables
  registrations: {
    serial: 'Serienummer',
    date: 'Datum',
    summary: 'Samenvatting',
    form: 'Formulier',
    user: 'Ingevuld door',
    rowsPerPage: 'Rijen per pagina',
    all: 'Alle',
    displayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      `${from}-${to} van ${count === -1 ? `meer dan ${to}` : count}`,
    firstPage: 'Eerste pagina',
    lastPage: 'Laatste pagina',
    nextPage: 'Volgende pagina',
    previousPage: 'Vorige pagina',
  },

  myRegistrations: {
    title: 'Mijn registraties',
    empty: 'U heeft nog geen registraties gedaan.',
    open: (serial: number | string) => `Registratie ${serial} bekijken`, // ours
    detailTitle: (form: string, serial: number | string) => `${form} - ${serial}`, // ours
    fillAgain: 'Formulier opnieuw invullen', // ours
    close: 'Sluiten', // ours
    noValue: '-', // ours
    hold: 'Verborgen totdat de credits zijn aangevuld', // ours
    signature: (label: string) => `Handtekening: ${label}`, // ours
  },

  terms: {
    title: (client: string) => `Algemene voorwaarden accepteren voor ${client}`,
    intro: 'Lees de algemene voorwaarden. U kunt eform pas gebruiken nadat u ze heeft geaccepteerd.', // ours
    pdfLink: 'Algemene voorwaarden (PDF)', // ours
    accept: 'Ik accepteer de algemene voorwaarden.',
    save: 'Opslaan',
    failed:
      'Fout tijdens het accepteren van de algemene voorwaarden. Neem a.u.b. contact op met onze helpdesk.',
  },

  userRegister: {
    title: (client: string) => `Registreren bij ${client}`, // ours
    form: (name: string) => `Formulier: ${name}`, // ours
    submit: 'Registeren',
    doneTitle: 'Registratie voltooid',
    home: 'Terug naar home',
    clientUnknown: 'Registratie link is niet geldig. De klant bestaat niet.',
    formUnknown: 'Registratie link is niet geldig. Het formulier bestaat niet of hoort niet bij deze klant.',
  },

  clipboard: {
    copied: 'Gekopieerd',
    copiedToClipboard: 'Gekopieerd naar klembord',
    copyFailed: 'Kon niet kopieren.',
  },

  // Debug pages (spec 000 section 2 debug routes, screen 16). Texts are ours unless marked.
  debug: {
    unsavedTitle: 'Opgeslagen registraties (debug)',
    unsavedIntro:
      'Al uw registraties op dit apparaat, van alle klanten, ook de al gesynchroniseerde. Selecteer registraties om ze als JSON te downloaden of te kopiëren.',
    unsavedEmpty: 'Er staan geen registraties op dit apparaat.',
    selectAll: 'Alles selecteren',
    selectRow: (name: string) => `${name} selecteren`,
    selectedCount: (count: number, total: number) => `${count} van ${total} geselecteerd`,
    download: 'Download als JSON',
    copy: 'Kopieer als JSON',
    downloadFailed: 'Het bestand kon niet worden gemaakt.',
    columnForm: 'Formulier',
    columnClient: 'Klant',
    columnFillToken: 'Fill token',
    columnLastChange: 'Laatste wijziging',
    columnState: 'Status',
    stateUnsynced: 'Niet gesynchroniseerd',
    stateSynced: 'Gesynchroniseerd',
    stateConflict: 'Conflict',
    stateDeleted: 'Verwijderd',
    toUnsaved: 'Opgeslagen registraties (debug)',

    iosTitle: 'iOS debugging',
    iosIntro: 'Gegevens over dit apparaat en deze browser, om problemen met de app op te sporen.',
    refresh: 'Vernieuwen',
    copyDiagnostics: 'Kopieer diagnose als JSON',
    sectionDevice: 'Apparaat en browser',
    sectionServiceWorker: 'Service worker',
    sectionStorage: 'Opslag',
    sectionDeviceStore: 'Gegevens op dit apparaat',
    sectionCaches: 'Caches',
    sectionCamera: 'Camera en bestanden',
    userAgent: 'User agent',
    platform: 'Platform',
    touchPoints: 'Aanraakpunten',
    ios: 'iOS-apparaat',
    standalone: 'Als app geopend (standalone)',
    displayMode: 'Display-mode',
    online: 'Browser online',
    serverReachable: 'Online volgens de app',
    appVersion: 'Appversie',
    swSupported: 'Service worker ondersteund',
    swController: 'Pagina wordt beheerd door service worker',
    swState: 'Status actieve service worker',
    swWaiting: 'Nieuwe versie wacht',
    swScript: 'Script',
    swScope: 'Scope',
    swRevision: 'Versie offline app (revisie index.html)',
    storageUsage: 'Gebruikt',
    storageQuota: 'Beschikbaar (quotum)',
    storagePersisted: 'Permanente opslag (persisted)',
    requestPersist: 'Permanente opslag aanvragen',
    savedTotal: 'Opgeslagen registraties',
    savedUnsynced: 'Niet gesynchroniseerd',
    savedConflicts: 'Met conflict',
    savedDeleted: 'Gemarkeerd als verwijderd',
    savedOtherUsers: 'Van andere gebruikers op dit apparaat',
    cachedForms: 'Formulieren voor offline gebruik',
    cachedFolderTrees: 'Mappenstructuren voor offline gebruik',
    cacheEntries: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
    noCaches: 'Geen caches gevonden.',
    yes: 'Ja',
    no: 'Nee',
    unknown: 'Onbekend',
    notSupported: 'Niet ondersteund',
    loadFailed: 'Kon niet worden uitgelezen.',

    filePhotoLabel: 'Foto maken (camera)',
    fileAnyLabel: 'Bestand kiezen',
    fileName: 'Naam',
    fileType: 'Type',
    fileSize: 'Grootte',
    fileLastModified: 'Laatst gewijzigd',
    fileNone: 'Nog geen bestand gekozen.',
    cameraQuality: 'Resolutie',
    cameraNormal: 'Normaal',
    cameraHigh: 'Hoog (tot 8000x6000)',
    cameraStart: 'Camera testen',
    cameraStop: 'Camera stoppen',
    cameraStarting: 'Camera wordt gestart..',
    cameraOk: (label: string, width: number | undefined, height: number | undefined) =>
      `Camera werkt: ${label || 'naamloze camera'}${width && height ? `, ${width}x${height}` : ''}.`,
    cameraDenied: 'Cameratoegang geweigerd. Sta cameratoegang toe.', // spec
    cameraNotFound: 'Geen camera gevonden. Sluit een camera aan.', // spec
    cameraUnsupported:
      'Deze browser geeft geen toegang tot de camera (getUserMedia ontbreekt of de pagina is niet via https geopend).',
    cameraInUse: 'De camera is in gebruik door een andere app of kon niet worden gestart.',
    cameraFailed: (detail: string) => `Camera kon niet worden gestart: ${detail}`,
    cameraPreview: 'Camerabeeld',
  },

  errors: {
    forbidden: 'U hebt geen rechten om deze content te bekijken.',
    // ours: fallback when the server answers without a message
    unexpected: 'Er is iets mis gegaan. Probeer het later opnieuw.',
    notFoundTitle: 'Pagina niet gevonden', // ours
    notFoundText: 'De pagina die u zoekt bestaat niet of is verplaatst.', // ours
    backHome: 'Terug naar home', // ours (same wording as the spec's registration dialog)
    routeErrorTitle: 'Er is iets misgegaan', // ours
    routeErrorText: 'Deze pagina kon niet worden geladen.', // ours
    retry: 'Opnieuw proberen', // ours
  },
} as const;
