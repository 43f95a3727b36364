/**
 * Every Dutch text the user sees, in one place with `nl-admin.ts`, which adds the texts of the
 * administration screens (decision 025: a field user's first load carries only this module).
 * Quoted texts of the specification are copied exactly (including their punctuation, e.g. the
 * double dot in 'U wordt nu uitgelogd..'); texts the specification leaves to us are marked "ours".
 */
export const nl = {
  app: {
    name: 'eform',
    // ours: web manifest description
    description: 'Elektronische formulieren invullen en beheren, ook offline.',
    version: (version: string) => `Versie ${version}`,
    loading: 'Laden..',
    // ours: the safe answer of every confirmation question
    cancel: 'Annuleren',
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
    formCreate: 'Formulier aanmaken',
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
    saveOfflineFull:
      'Er is niet genoeg opslagruimte op dit apparaat om het formulier op te slaan. Verstuur eerst opgeslagen registraties of maak ruimte vrij.', // ours
    progressFiles: (number: number, total: number, percent: number) => `Bijlage ${number} van ${total} uploaden: ${percent}%`, // ours
  },

  // Files kept on the device until their registration is sent (issue 10, decision 014). All ours.
  offlineFiles: {
    deviceName: (browser: string, system: string) => `${browser} op ${system}`,
    unknownDevice: 'een ander apparaat',
    keptHere: 'Bewaard op dit apparaat; wordt geupload bij het versturen.',
    elsewhere: (device: string) => `Dit bestand staat alleen op ${device}. Verstuur de registratie vanaf dat apparaat.`,
    missing: 'Dit bestand staat niet (meer) op dit apparaat.',
    storeFull:
      'Er is niet genoeg opslagruimte op dit apparaat om dit bestand te bewaren. Verstuur eerst opgeslagen registraties of maak ruimte vrij.',
    keepFailed: (name: string) => `Bestand ${name} kon niet op dit apparaat worden bewaard.`,
    sendElsewhere: (name: string, device: string) =>
      `Bijlage "${name}" staat alleen op ${device}. Verstuur de registratie vanaf dat apparaat, of verwijder de bijlage en voeg hem opnieuw toe.`,
    sendMissing: (name: string) => `Bijlage "${name}" staat niet meer op dit apparaat. Verwijder de bijlage en voeg hem opnieuw toe.`,
  },

  // Workflow forms on the fill-in side (spec 000 sections 2, 4; screen 9).
  workflow: {
    movesTo: (phase: string) => `Bij versturen gaat deze registratie naar fase ${phase}.`, // spec: 'fase {next_phase}'
    final: 'Versturen in deze fase rondt de registratie af.', // ours
    assignedTo: (who: string) => `Zij wordt toegewezen aan ${who}.`, // ours
    assignedToNobody: 'Zij wordt aan niemand toegewezen: iedereen die dit formulier invult kan haar oppakken.', // ours
    colleague: 'een collega', // ours
    listTitle: 'Toegewezen registraties', // ours: the drawer entry
    empty: 'U heeft momenteel geen toegewezen registraties.',
    columnForm: 'Formulier', // ours
    columnPhase: 'Fase', // ours
    columnSummary: 'Samenvatting', // ours
    columnLastChange: 'Laatste wijziging', // ours
    phase: (phase: string) => `Fase ${phase}`, // ours
    open: (form: string, serial: number) => `${form} ${serial} openen`, // ours
    forAnyone: 'Aan niemand toegewezen', // ours
    history: 'Verloop', // ours
    move: (from: string, to: string | null, who: string | null) =>
      `${to ? `Van fase ${from} naar fase ${to}` : `Afgerond in fase ${from}`}${who ? `, toegewezen aan ${who}` : ''}`, // ours
    movedBy: (who: string, when: string) => `door ${who} op ${when}`, // ours
    onlineOnly: 'Een registratie in een workflow kan alleen online worden verstuurd.', // ours
  },

  // Saved registrations, sync and the unsynced list (spec 000 screen 8, sections 4, 8, 9).
  offline: {
    syncFailed: 'Registraties konden niet gesynchroniseerd worden.',
    listTitle: 'Opgeslagen registraties', // ours: same as the drawer entry
    empty: 'U heeft momenteel geen onverstuurde registraties.',
    filesNote: 'Offline bestanden worden tot 31 dagen na het versturen bewaard.', // ours: wording of the spec's note
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
      count === 1
        ? 'Er staat nog 1 opgeslagen registratie alleen op dit apparaat: deze kon niet naar de server worden verstuurd. Als u uitlogt, blijft deze op dit apparaat bewaard, onzichtbaar voor andere gebruikers, en wordt deze verstuurd zodra u weer op dit apparaat inlogt. Log bij voorkeur pas uit als deze verstuurd is.'
        : `Er staan nog ${count} opgeslagen registraties alleen op dit apparaat: deze konden niet naar de server worden verstuurd. Als u uitlogt, blijven deze op dit apparaat bewaard, onzichtbaar voor andere gebruikers, en worden ze verstuurd zodra u weer op dit apparaat inlogt. Log bij voorkeur pas uit als ze verstuurd zijn.`, // ours
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
    filesOfflineDisabled: 'Bestanden toevoegen kan alleen online.', // ours: guests, who cannot save on the device
    removeFile: (name: string) => `${name} verwijderen`, // ours
    uploading: (name: string, percent: number) => `${name} wordt geupload: ${percent}%`, // ours
    uploadFailed: (name: string) => `Bestand kon niet geupload worden. Probeer het opnieuw. Filename: ${name}`,
    imageUploadFailed: 'Bestand kon niet geupload worden. Probeer het opnieuw.',
    saveFile: 'Bestand opslaan', // ours: the spec's 'save file' after a failed image upload
    saveFileOf: (name: string) => `${name} opslaan op dit apparaat`, // ours
    shareUnsupported: 'Uw browser ondersteunt de Web Share API niet.',
    shareFilesUnsupported: 'Uw systeem ondersteunt het opslaan van deze bestanden niet.',
    shareNoFiles: 'Er zijn geen bestanden geupload.',
    fileTooLarge: 'Maximale bestandsgrootte is 20Mb.',
    notAnImage: 'Alleen afbeeldingen (png, jpeg, gif of bmp) kunnen worden geupload.', // ours: the server's text
    subformAdd: 'Toevoegen', // ours
    subformEdit: 'Bewerken', // ours
    subformRemove: 'Verwijderen', // ours
    subformEntry: (label: string, index: number) => `${label} ${index}`, // ours
    subformEmpty: 'Er zijn nog geen regels toegevoegd.', // ours
    fieldError: (field: string, message: string) => `${field}: ${message}`, // ours
    linkedFormOpen: 'Formulier invullen', // ours
    linkedFormDone: (serial: number | string) => `Gekoppelde registratie ${serial} is verstuurd.`, // ours
    imagePreview: (name: string) => `Voorbeeld van ${name}`, // ours
    // ours: the search element (spec 000 sections 3 and 9)
    searchPlaceholder: 'Typ om te zoeken',
    searchLoading: 'De lijst wordt geladen..',
    searchUnavailable: 'De lijst kon niet worden geladen. Probeer het opnieuw zodra u verbinding heeft.',
    searchRetry: 'Opnieuw laden',
    searchNoDatasource: 'Voor dit zoekveld is nog geen databron gekozen.',
    searchGuest: 'Zoeken in een databron kan alleen na inloggen.',
    searchChosen: 'Gekozen',
    searchRemove: (name: string) => `${name} verwijderen`,
    searchMore: (shown: number, total: number) => `De eerste ${shown} van ${total} treffers worden getoond. Typ verder om te verfijnen.`,
    searchCount: (n: number) => (n === 1 ? '1 treffer' : `${n} treffers`),
    // The form designer's preview (spec 000 section 5: admin mode disables GPS and tracking).
    adminModeDisabled: 'Niet beschikbaar in de voorbeeldweergave van het formulier.', // ours
    // GPS (spec 000 sections 5 and 8)
    gpsSearching: 'Locatie is nog niet gevonden',
    gpsFound: (metres: number) => `Locatie gevonden tot ${metres}m nauwkeurig`,
    gpsInaccurate: (minAccuracy: number, metres: number) =>
      `Gevonden locatie niet nauwkeurig genoeg! Locatie moet tot ${minAccuracy}m nauwkeurig zijn (Nu ${metres}m)`,
    gpsFailed: 'Locatie kon niet worden bepaald. Check of locatie in uw browser voor deze website is toegestaan.',
    gpsLatitude: 'Breedtegraad', // ours
    gpsLongitude: 'Lengtegraad', // ours
    gpsManual: 'Locatie is op de kaart gekozen.', // ours
    gpsManualHint: 'Klik op de kaart om de locatie zelf te kiezen. Klik op de speld om weer de gevonden locatie te gebruiken.', // ours
    gpsMap: (label: string) => `Kaart van ${label}`, // ours
    // Tracking (spec 000 sections 3, 4 and 9); ours
    trackingSwitch: 'Route vastleggen',
    trackingActive: 'De route wordt vastgelegd. Laat deze pagina open.',
    trackingNone: 'Er zijn nog geen punten vastgelegd.',
    trackingSummary: (points: number, duration: string) => `${points === 1 ? '1 punt' : `${points} punten`} vastgelegd, duur ${duration}`,
    trackingClear: 'Route wissen',
    trackingClearTitle: 'Route wissen?',
    trackingClearText: 'De vastgelegde punten van deze route worden verwijderd.',
    // QR code scanner (spec 000 sections 4 and 9); ours
    qrStart: 'QR-code scannen',
    qrLoading: 'Camera wordt gestart..',
    qrActive: 'Richt de camera op de QR-code.',
    qrStop: 'Stoppen',
    qrAgain: 'Opnieuw scannen',
    qrClear: 'Wissen',
    qrVideo: (label: string) => `Camerabeeld voor ${label}`,
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
    gps: 'De locatie is ongeldig.',
    track: 'De opgenomen route is ongeldig.',
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
    trackSummary: (points: number, duration: string) => `${points === 1 ? '1 punt' : `${points} punten`}, duur ${duration}`, // ours
    trackLink: 'Route op de kaart bekijken', // ours
  },

  // The tracking map (spec 000 screen 13); ours
  trackingMap: {
    title: (form: string, serial: number | string) => `Route van ${form} - ${serial}`,
    back: 'Terug',
    map: 'Kaart met de vastgelegde route',
    track: (label: string, points: number, duration: string) =>
      `${label}: ${points === 1 ? '1 punt' : `${points} punten`}, duur ${duration}`,
    empty: 'Deze registratie heeft geen vastgelegde route.',
    /** Entry `number` of a subform (inside `outer` when the subform is itself in an entry). */
    entry: (outer: string, subform: string, number: number) => `${outer ? `${outer}, ` : ''}${subform} ${number}`,
    inEntry: (entry: string, label: string) => `${label} (${entry})`,
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

  // ours: an existing account confirms the mailed link to join a client
  userJoin: {
    title: 'Toevoegen aan klant bevestigen',
    confirm: (email: string, client: string) => `Bevestig dat ${email} wordt toegevoegd aan klant "${client}".`,
    submit: 'Bevestigen',
  },

  clipboard: {
    copied: 'Gekopieerd',
    copiedToClipboard: 'Gekopieerd naar klembord',
    copyFailed: 'Kon niet kopieren.',
  },

  // The paid-feature wall (spec 000 section 1, spec 002 section 6).
  premiumWall: {
    title: 'Betaalde module', // ours
    buyNow: 'Koop nu',
    maybeLater: 'Misschien later',
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

    offlineFilesWaiting: 'Offline bestanden die nog verstuurd moeten worden',
    offlineFilesSent: 'Offline bestanden van verstuurde registraties (31 dagen bewaard)',
    filesAndBytes: (count: number, size: string) => `${count} ${count === 1 ? 'bestand' : 'bestanden'}, ${size}`,
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
    cameraPreview: 'Camerabeeld',
  },

  // Starting the camera: the camera test page and the QR scanner (spec 000 section 8).
  camera: {
    denied: 'Cameratoegang geweigerd. Sta cameratoegang toe.',
    notFound: 'Geen camera gevonden. Sluit een camera aan.',
    unsupported: 'Deze browser geeft geen toegang tot de camera (getUserMedia ontbreekt of de pagina is niet via https geopend).', // ours
    inUse: 'De camera is in gebruik door een andere app of kon niet worden gestart.', // ours
    failed: (detail: string) => `Camera kon niet worden gestart: ${detail}`, // ours
  },

  // Maps: the map element, the guest map and the base map under every map (spec 000 screen 12,
  // sections 3, 5, 8 and 9).
  maps: {
    loading: 'Kaart laden..', // ours
    unavailable: 'De kaart kan op dit apparaat niet worden getoond.', // ours: no WebGL
    // ours: maplibre's control and canvas texts (its locale option)
    controls: {
      'NavigationControl.ZoomIn': 'Inzoomen',
      'NavigationControl.ZoomOut': 'Uitzoomen',
      'NavigationControl.ResetBearing': 'Noorden boven',
      'AttributionControl.ToggleAttribution': 'Bronvermelding tonen',
      'GeolocateControl.FindMyLocation': 'Mijn locatie',
      'GeolocateControl.LocationNotAvailable': 'Locatie niet beschikbaar',
      'FullscreenControl.Enter': 'Volledig scherm',
      'FullscreenControl.Exit': 'Volledig scherm sluiten',
      'Marker.Title': 'Markering',
      'Popup.Close': 'Sluiten',
    },
    noStatus: 'Geen status',
    statusFilter: 'Filter op status',
    selectedCount: (n: number, max: number) => `${n} / ${max} maximaal aantal features geselecteerd.`,
    deselect: 'Deselecteren',
    deselectItem: (name: string) => `Deselecteren: ${name}`, // ours: the button's name for screen readers
    selectedTitle: 'Geselecteerde items', // ours
    noneSelected: 'Nog niets geselecteerd. Kies een item op de kaart.', // ours
    // ours: the search above the map (showMapSearch), also the keyboard's way to select (decision 024)
    search: 'Zoek op de kaart',
    searchOpen: 'Kies uit lijst',
    searchPlaceholder: 'Typ een naam',
    searchEmpty: 'Er staan geen items op de kaart.',
    searchNoMatches: 'Geen items gevonden. Verander uw zoekopdracht.',
    searchMore: (shown: number, total: number) => `De eerste ${shown} van ${total} items worden getoond. Typ verder om te verfijnen.`,
    searchLive: 'Zoekt in de items van het huidige kaartbeeld.',
    searchSelected: 'geselecteerd',
    searchOption: (name: string, status: string, selected: boolean) => `${name}, ${status}${selected ? ', geselecteerd' : ''}`,
    columnName: 'Naam', // ours
    columnStatus: 'Status', // ours
    featureCount: (n: number) => (n === 1 ? '1 item op de kaart' : `${n} items op de kaart`), // ours
    omitted: (omitted: number) => `${omitted} items worden niet getoond. Zoom in om ze te zien.`, // ours
    itemMissing:
      'Het geselecteerde item kon niet worden gevonden op de kaart. De status in de tabel is de status van de oude registratie voordat deze verstuurd was.',
    loadFailed: 'De kaartitems konden niet worden geladen. Probeer het opnieuw zodra u verbinding heeft.', // ours
    retry: 'Opnieuw laden', // ours
    noDatasource: 'Voor deze kaart is nog geen databron gekozen.', // ours
    guestFill: 'Een kaart kan alleen na inloggen worden gebruikt.', // ours: guest forms cannot read datasources
    datasource: (name: string) => `Databron: ${name}`,
    guestNotFound: 'Deze kaart bestaat niet of is niet toegankelijk.',
    guestLoadFailed: 'Er is een fout opgetreden bij het laden van de kaart.',
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
