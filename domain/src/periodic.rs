//! The weekly or monthly registration mail of a form (document 001 sections 2, 3 and 9:
//! `settings.weeklyRegistrationMail` with enabled, period, day and recipients): on the chosen
//! weekday (1 Monday to 7 Sunday, default 6), or on the 1st of the month, the form's new
//! registrations of the period go to the recipients as a CSV attachment.

use crate::dates;
use crate::messages;
use crate::validate::is_valid_email;
use serde_json::Value;

/// The key in a form's settings.
pub const SETTING: &str = "weeklyRegistrationMail";
/// The weekday when none is chosen (Saturday).
pub const DEFAULT_DAY: u8 = 6;
/// Recipients one mail may have.
pub const MAX_RECIPIENTS: usize = 50;

/// How often.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Weekly,
    Monthly,
}

/// A form's periodic mail setting, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodicMail {
    pub enabled: bool,
    pub period: Period,
    /// 1 (Monday) to 7 (Sunday); weekly only.
    pub day: u8,
    pub recipients: Vec<String>,
}

/// The registrations a mail covers: from the start of `from` to the start of `until`
/// (local dates, `YYYY-MM-DD`), and the period's name for the claim of its run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub from: String,
    pub until: String,
    pub period: Period,
}

impl PeriodicMail {
    /// Reads and checks the setting; each problem with its path inside the setting. An
    /// absent or null setting is a disabled one.
    pub fn parse(value: &Value) -> Result<PeriodicMail, Vec<(String, &'static str)>> {
        let mut problems = Vec::new();
        if value.is_null() {
            return Ok(PeriodicMail {
                enabled: false,
                period: Period::Weekly,
                day: DEFAULT_DAY,
                recipients: Vec::new(),
            });
        }
        let Some(object) = value.as_object() else {
            return Err(vec![(String::new(), messages::PERIODIC_MAIL_INVALID)]);
        };
        let enabled = match object.get("enabled") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(on)) => *on,
            Some(_) => {
                problems.push(("enabled".to_owned(), messages::PERIODIC_MAIL_INVALID));
                false
            }
        };
        let period = match object.get("period").and_then(Value::as_str) {
            None | Some("weekly") => Period::Weekly,
            Some("monthly") => Period::Monthly,
            Some(_) => {
                problems.push(("period".to_owned(), messages::PERIODIC_MAIL_PERIOD));
                Period::Weekly
            }
        };
        let day = match object.get("day") {
            None | Some(Value::Null) => DEFAULT_DAY,
            Some(raw) => match raw
                .as_u64()
                .or_else(|| raw.as_str().and_then(|t| t.parse().ok()))
            {
                Some(day @ 1..=7) => u8::try_from(day).unwrap_or(DEFAULT_DAY),
                _ => {
                    problems.push(("day".to_owned(), messages::PERIODIC_MAIL_DAY));
                    DEFAULT_DAY
                }
            },
        };
        let mut recipients = Vec::new();
        match object.get("recipients") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) if list.len() <= MAX_RECIPIENTS => {
                for (index, entry) in list.iter().enumerate() {
                    let email = entry
                        .get("email")
                        .and_then(Value::as_str)
                        .map(str::trim)
                        .unwrap_or_default();
                    let path = format!("recipients/{index}/email");
                    if email.is_empty() {
                        problems.push((path, messages::FIELD_REQUIRED));
                    } else if !is_valid_email(email) {
                        problems.push((path, messages::EMAIL_INVALID));
                    } else {
                        recipients.push(email.to_owned());
                    }
                }
            }
            Some(_) => problems.push(("recipients".to_owned(), messages::PERIODIC_MAIL_INVALID)),
        }
        if enabled && recipients.is_empty() && problems.is_empty() {
            problems.push((
                "recipients".to_owned(),
                messages::PERIODIC_MAIL_NO_RECIPIENTS,
            ));
        }
        if problems.is_empty() {
            Ok(PeriodicMail {
                enabled,
                period,
                day,
                recipients,
            })
        } else {
            Err(problems)
        }
    }

    /// What is due on the local date `today`: the past week on the chosen weekday, the past
    /// month on the 1st; None on other days or when disabled.
    pub fn due(&self, today: &str) -> Option<Due> {
        if !self.enabled || self.recipients.is_empty() {
            return None;
        }
        let from = match self.period {
            Period::Weekly if dates::weekday(today)? == self.day => dates::add_days(today, -7)?,
            Period::Monthly if today.ends_with("-01") => dates::first_of_previous_month(today)?,
            _ => return None,
        };
        Some(Due {
            from,
            until: today.to_owned(),
            period: self.period,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_setting_is_checked() {
        let ok = PeriodicMail::parse(&json!({ "enabled": true, "period": "weekly", "day": 1,
            "recipients": [{ "email": "beheer@gemeente.nl" }] }))
        .unwrap();
        assert_eq!((ok.day, ok.recipients.len()), (1, 1));
        assert_eq!(
            PeriodicMail::parse(&json!({ "enabled": true, "recipients": [{ "email": "a@b.nl" }] }))
                .unwrap()
                .day,
            6
        );
        let bad = PeriodicMail::parse(&json!({ "enabled": true, "period": "jaarlijks", "day": 8,
            "recipients": [{ "email": "" }, { "email": "geen adres" }] }))
        .unwrap_err();
        let paths: Vec<&str> = bad.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(
            paths,
            ["period", "day", "recipients/0/email", "recipients/1/email"]
        );
        assert!(PeriodicMail::parse(&json!({ "enabled": true, "recipients": [] })).is_err());
        // Off, it needs nothing.
        assert!(
            !PeriodicMail::parse(&json!({ "enabled": false }))
                .unwrap()
                .enabled
        );
        assert!(!PeriodicMail::parse(&Value::Null).unwrap().enabled);
    }

    #[test]
    fn weekly_on_its_day_and_monthly_on_the_first() {
        let mut mail = PeriodicMail::parse(
            &json!({ "enabled": true, "day": 6, "recipients": [{ "email": "a@b.nl" }] }),
        )
        .unwrap();
        // 28 November 2026 is a Saturday.
        assert_eq!(
            mail.due("2026-11-28"),
            Some(Due {
                from: "2026-11-21".into(),
                until: "2026-11-28".into(),
                period: Period::Weekly
            })
        );
        assert_eq!(mail.due("2026-11-27"), None);
        mail.period = Period::Monthly;
        assert_eq!(
            mail.due("2026-12-01"),
            Some(Due {
                from: "2026-11-01".into(),
                until: "2026-12-01".into(),
                period: Period::Monthly
            })
        );
        assert_eq!(mail.due("2026-11-28"), None);
        mail.enabled = false;
        assert_eq!(mail.due("2026-12-01"), None);
    }
}
