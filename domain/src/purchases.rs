//! Buying credits and modules, and adding credits by hand (document 002 sections 3-5): the
//! checks of the forms, with the Dutch texts, and the money and dates they need. Pure: the
//! server's calls and the worker's payments use it.

use crate::messages;
use crate::validate::is_valid_email;
use serde::{Deserialize, Serialize};

/// The paid modules (document 002 section 9).
pub const MODULES: [&str; 5] = ["word", "map_element", "location", "tracking", "qr_code"];
/// Dutch VAT on the platform's services, in percent: prices are shown without it, a payment
/// charges it (decision 022).
pub const VAT_PERCENT: i64 = 21;
/// Credits are valid this many years (spec 002 section 9).
pub const VALID_YEARS: i64 = 2;

/// The contact fields of a purchase or a manual addition, as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    #[serde(default)]
    pub contact_company: String,
    #[serde(default)]
    pub contact_firstname: String,
    #[serde(default)]
    pub contact_lastname: String,
    #[serde(default)]
    pub contact_street: String,
    #[serde(default)]
    pub contact_postal_code: String,
    #[serde(default)]
    pub contact_city: String,
    #[serde(default)]
    pub contact_email: String,
    #[serde(default)]
    pub contact_tax_number: String,
}

/// One refused field: its name and the Dutch text.
pub type Problem = (&'static str, String);

impl Contact {
    /// Trimmed, with the e-mail address in lower case.
    pub fn tidy(mut self) -> Contact {
        for field in [
            &mut self.contact_company,
            &mut self.contact_firstname,
            &mut self.contact_lastname,
            &mut self.contact_street,
            &mut self.contact_postal_code,
            &mut self.contact_city,
            &mut self.contact_tax_number,
        ] {
            *field = field.trim().to_owned();
        }
        self.contact_email = self.contact_email.trim().to_lowercase();
        self
    }

    /// The problems of the contact fields (section 5): all required but the tax number, the
    /// e-mail address a valid one.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (field, value, label) in [
            ("contact_company", &self.contact_company, "Bedrijfsnaam"),
            ("contact_firstname", &self.contact_firstname, "Voornaam"),
            ("contact_lastname", &self.contact_lastname, "Achternaam"),
            (
                "contact_street",
                &self.contact_street,
                "Straat en huisnummer",
            ),
            ("contact_postal_code", &self.contact_postal_code, "Postcode"),
            ("contact_city", &self.contact_city, "Plaats"),
            ("contact_email", &self.contact_email, "E-mailadres"),
        ] {
            if value.trim().is_empty() {
                problems.push((field, messages::field_required(label)));
            }
        }
        if !self.contact_email.trim().is_empty() && !is_valid_email(self.contact_email.trim()) {
            problems.push(("contact_email", messages::EMAIL_INVALID.to_owned()));
        }
        problems
    }

    /// The address in one line, as `contact_address` of a credit.
    pub fn address(&self) -> String {
        [
            self.contact_street.as_str(),
            &format!("{} {}", self.contact_postal_code, self.contact_city),
        ]
        .iter()
        .map(|part| part.trim())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
    }
}

/// The amount a payment charges for a price without VAT, in cents (rounded half up).
pub fn with_vat(cents: i64) -> i64 {
    (cents * (100 + VAT_PERCENT) + 50).div_euclid(100)
}

/// Cents as Mollie and invoices write euros: `1234` is `"12.34"`.
pub fn euros(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

/// The price of one credit of a bundle, in cents (two decimals kept).
pub fn price_per_credit(price: i64, credits: i64) -> f64 {
    if credits <= 0 {
        return 0.0;
    }
    (price as f64 / credits as f64 * 100.0).round() / 100.0
}

/// A manual addition of credits by an admin (section 5): a name, the contact fields, a whole
/// number of credits of at least 0 and an expiry date (`YYYY-MM-DD`; two years after `today`
/// when none is given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualCredits {
    pub name: String,
    pub contact: Contact,
    pub credits_total: i64,
    pub expires_on: String,
}

impl ManualCredits {
    /// Checks what an admin sent; `today` is `YYYY-MM-DD`.
    pub fn check(
        name: &str,
        contact: Contact,
        credits_total: Option<&serde_json::Value>,
        expires_on: Option<&str>,
        today: &str,
    ) -> Result<ManualCredits, Vec<Problem>> {
        let contact = contact.tidy();
        let mut problems = contact.problems();
        let name = name.trim().to_owned();
        if name.is_empty() {
            problems.insert(0, ("name", messages::field_required("Naam")));
        }
        let total = credits_total.and_then(crate::validate::whole_number);
        match total {
            Some(total) if (0..=1_000_000_000).contains(&total) => {}
            _ => problems.push(("credits_total", messages::CREDITS_TOTAL_INVALID.to_owned())),
        }
        let expires_on = match expires_on.map(str::trim).filter(|date| !date.is_empty()) {
            None => years_after(today, VALID_YEARS).unwrap_or_default(),
            Some(date) if crate::dates::local_day_start(date).is_some() => date.to_owned(),
            Some(_) => {
                problems.push((
                    "credit_expire_date",
                    messages::CREDIT_EXPIRY_INVALID.to_owned(),
                ));
                String::new()
            }
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(ManualCredits {
            name,
            contact,
            credits_total: total.unwrap_or_default(),
            expires_on,
        })
    }
}

/// The same day `years` years after `YYYY-MM-DD` (29 February becomes 28 February).
pub fn years_after(date: &str, years: i64) -> Option<String> {
    crate::dates::local_day_start(date)?;
    let year: i64 = date.get(..4)?.parse().ok()?;
    let rest = date.get(4..)?;
    let moved = format!("{:04}{rest}", year + years);
    if crate::dates::local_day_start(&moved).is_some() {
        Some(moved)
    } else {
        Some(format!("{:04}-02-28", year + years))
    }
}

/// When credits that expire on `date` (`YYYY-MM-DD`) stop counting: the end of that day in
/// Amsterdam.
pub fn expiry_instant(date: &str) -> Option<i64> {
    crate::dates::add_days(date, 1).and_then(|next| crate::dates::local_day_start(&next))
}

/// The periods of a chart of credit use: the months of a year (`YYYY-MM`) or the days of a
/// month (`YYYY-MM-DD`); None for a year or month that does not exist.
pub fn chart_periods(year: i64, month: Option<i64>) -> Option<Vec<String>> {
    if !(1970..=9999).contains(&year) {
        return None;
    }
    match month {
        None => Some((1..=12).map(|m| format!("{year:04}-{m:02}")).collect()),
        Some(m) if (1..=12).contains(&m) => Some(
            (1..=31)
                .map(|d| format!("{year:04}-{m:02}-{d:02}"))
                .filter(|day| crate::dates::local_day_start(day).is_some())
                .collect(),
        ),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn contact() -> Contact {
        Contact {
            contact_company: " Gemeente Zuid ".into(),
            contact_firstname: "Anna".into(),
            contact_lastname: "de Vries".into(),
            contact_street: "Markt 1".into(),
            contact_postal_code: "1234 AB".into(),
            contact_city: "Zuid".into(),
            contact_email: "Inkoop@Zuid.NL ".into(),
            contact_tax_number: String::new(),
        }
    }

    #[test]
    fn contact_fields_are_required_but_the_tax_number() {
        assert!(contact().tidy().problems().is_empty());
        assert_eq!(contact().tidy().contact_email, "inkoop@zuid.nl");
        let empty = Contact::default().problems();
        let fields: Vec<&str> = empty.iter().map(|(field, _)| *field).collect();
        assert_eq!(
            fields,
            [
                "contact_company",
                "contact_firstname",
                "contact_lastname",
                "contact_street",
                "contact_postal_code",
                "contact_city",
                "contact_email"
            ]
        );
        let bad_mail = Contact {
            contact_email: "geen-adres".into(),
            ..contact()
        };
        assert_eq!(
            bad_mail.problems(),
            [("contact_email", messages::EMAIL_INVALID.to_owned())]
        );
        assert_eq!(contact().address(), "Markt 1, 1234 AB Zuid");
    }

    #[test]
    fn money_is_cents_with_vat_charged_on_top() {
        assert_eq!(with_vat(10_000), 12_100);
        assert_eq!(with_vat(6_000), 7_260);
        assert_eq!(with_vat(1), 1);
        assert_eq!(with_vat(3), 4);
        assert_eq!(euros(12_100), "121.00");
        assert_eq!(euros(5), "0.05");
        assert_eq!(price_per_credit(25_000, 2_500), 10.0);
        assert_eq!(price_per_credit(6_000, 500), 12.0);
        assert_eq!(price_per_credit(100, 3), 33.33);
        assert_eq!(price_per_credit(100, 0), 0.0);
    }

    #[test]
    fn manual_credits_default_to_two_years_and_refuse_what_is_not_a_count() {
        let ok = ManualCredits::check(
            "Handmatig",
            contact(),
            Some(&json!("250")),
            None,
            "2026-11-26",
        )
        .unwrap();
        assert_eq!(ok.credits_total, 250);
        assert_eq!(ok.expires_on, "2028-11-26");
        let zero = ManualCredits::check(
            "Nul",
            contact(),
            Some(&json!(0)),
            Some("2027-01-31"),
            "2026-11-26",
        )
        .unwrap();
        assert_eq!(
            (zero.credits_total, zero.expires_on.as_str()),
            (0, "2027-01-31")
        );
        for bad in [json!(-1), json!(2.5), json!("veel"), json!(null)] {
            let problems =
                ManualCredits::check("X", contact(), Some(&bad), None, "2026-11-26").unwrap_err();
            assert_eq!(
                problems,
                [("credits_total", messages::CREDITS_TOTAL_INVALID.to_owned())]
            );
        }
        let problems = ManualCredits::check(
            " ",
            Contact::default(),
            None,
            Some("2027-02-30"),
            "2026-11-26",
        )
        .unwrap_err();
        assert_eq!(problems[0].0, "name");
        assert!(problems.iter().any(|(field, _)| *field == "credits_total"));
        assert!(
            problems
                .iter()
                .any(|(field, _)| *field == "credit_expire_date")
        );
    }

    #[test]
    fn two_years_ahead_is_the_same_date() {
        assert_eq!(years_after("2026-11-26", 2).as_deref(), Some("2028-11-26"));
        assert_eq!(years_after("2028-02-29", 2).as_deref(), Some("2030-02-28"));
        assert_eq!(years_after("geen", 2), None);
    }

    #[test]
    fn credits_stop_counting_at_the_end_of_their_last_day() {
        // 2027-06-30 is summer time: the day ends at 22:00 UTC.
        assert_eq!(expiry_instant("2027-06-30"), Some(1_814_392_800));
        assert_eq!(expiry_instant("2027-13-01"), None);
    }

    #[test]
    fn a_chart_has_the_months_of_a_year_or_the_days_of_a_month() {
        let year = chart_periods(2026, None).unwrap();
        assert_eq!(
            (year.len(), year[0].as_str(), year[11].as_str()),
            (12, "2026-01", "2026-12")
        );
        let february = chart_periods(2028, Some(2)).unwrap();
        assert_eq!(february.len(), 29);
        assert_eq!(february[28], "2028-02-29");
        assert_eq!(chart_periods(2026, Some(2)).unwrap().len(), 28);
        assert!(chart_periods(2026, Some(13)).is_none());
        assert!(chart_periods(1, None).is_none());
    }
}
