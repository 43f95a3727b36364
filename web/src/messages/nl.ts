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
