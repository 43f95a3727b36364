//! Dates as Dutch users see them: Europe/Amsterdam local time. The EU rule (summer time
//! from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC) is
//! computed here so the server needs no time-zone database.

const DAY: i64 = 86_400;

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Civil date (year, month, day) of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Unix time of 01:00 UTC on the last Sunday of a month.
fn last_sunday_0100_utc(year: i64, month: i64) -> i64 {
    let last_day = days_from_civil(year, month + 1, 1) - 1;
    // 1970-01-01 was a Thursday, so with Sunday as 0 day 0 has weekday 4.
    let weekday = (last_day + 4).rem_euclid(7);
    let sunday = last_day - weekday;
    sunday * DAY + 3600
}

/// Offset of Amsterdam from UTC in seconds at a unix time (3600 in winter, 7200 in summer).
pub fn amsterdam_offset(unix: i64) -> i64 {
    let (year, _, _) = civil_from_days(unix.div_euclid(DAY));
    let summer = unix >= last_sunday_0100_utc(year, 3) && unix < last_sunday_0100_utc(year, 10);
    if summer { 7200 } else { 3600 }
}

/// 'YYYY-MM-DD HH:mm' in Amsterdam time: how registration dates are stored for display and
/// passed to the token renderer.
pub fn local_datetime(unix: i64) -> String {
    let local = unix + amsterdam_offset(unix);
    let (year, month, day) = civil_from_days(local.div_euclid(DAY));
    let secs = local.rem_euclid(DAY);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        secs / 3600,
        (secs % 3600) / 60
    )
}

/// The calendar date of `YYYY-MM-DD` as (year, month, day); None for anything else.
fn parse_date(text: &str) -> Option<(i64, i64, i64)> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| text.get(range)?.parse::<i64>().ok();
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let days = days_from_civil(year, month, day);
    // A date that does not exist (31 November) comes back as another one.
    (civil_from_days(days) == (year, month, day) && (1..=12).contains(&month))
        .then_some((year, month, day))
}

/// Unix time of midnight in Amsterdam at the start of the date `YYYY-MM-DD`.
pub fn local_day_start(text: &str) -> Option<i64> {
    let (year, month, day) = parse_date(text)?;
    let utc_midnight = days_from_civil(year, month, day) * DAY;
    // Summer time starts and ends at night, never at midnight: the offset of the hour
    // before midnight UTC is the offset at local midnight.
    Some(utc_midnight - amsterdam_offset(utc_midnight - 3600))
}

/// The date `days` days after `YYYY-MM-DD` (before, when negative).
pub fn add_days(date: &str, days: i64) -> Option<String> {
    let (year, month, day) = parse_date(date)?;
    let (y, m, d) = civil_from_days(days_from_civil(year, month, day) + days);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// ISO weekday of `YYYY-MM-DD`: 1 (Monday) to 7 (Sunday).
pub fn weekday(date: &str) -> Option<u8> {
    let (year, month, day) = parse_date(date)?;
    // 1970-01-01 was a Thursday (4).
    let monday_based = (days_from_civil(year, month, day) + 3).rem_euclid(7);
    u8::try_from(monday_based + 1).ok()
}

/// The first day of the month before the month of `YYYY-MM-DD`.
pub fn first_of_previous_month(date: &str) -> Option<String> {
    let (year, month, _) = parse_date(date)?;
    let (y, m) = if month == 1 {
        (year - 1, 12)
    } else {
        (year, month - 1)
    };
    Some(format!("{y:04}-{m:02}-01"))
}

/// RFC 3339 in UTC, for API answers (`registration_date`).
pub fn rfc3339_utc(unix: i64) -> String {
    let (year, month, day) = civil_from_days(unix.div_euclid(DAY));
    let secs = unix.rem_euclid(DAY);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        (secs % 3600) / 60,
        secs % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for days in [-800_000, -1, 0, 1, 11_016, 20_413, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
    }

    #[test]
    fn calendar_steps() {
        assert_eq!(weekday("2026-11-25"), Some(3)); // a Wednesday
        assert_eq!(weekday("2026-11-29"), Some(7));
        assert_eq!(weekday("2026-11-30"), Some(1));
        assert_eq!(add_days("2026-03-01", -7).as_deref(), Some("2026-02-22"));
        assert_eq!(add_days("2024-02-28", 1).as_deref(), Some("2024-02-29"));
        assert_eq!(
            first_of_previous_month("2026-01-01").as_deref(),
            Some("2025-12-01")
        );
        assert_eq!(
            first_of_previous_month("2026-11-25").as_deref(),
            Some("2026-10-01")
        );
        assert_eq!(weekday("gisteren"), None);
    }

    #[test]
    fn local_midnight() {
        // 1 November 2026 is winter time: 23:00 UTC the day before.
        assert_eq!(
            local_day_start("2026-11-01").map(rfc3339_utc).as_deref(),
            Some("2026-10-31T23:00:00Z")
        );
        // 1 July is summer time: 22:00 UTC the day before.
        assert_eq!(
            local_day_start("2026-07-01").map(rfc3339_utc).as_deref(),
            Some("2026-06-30T22:00:00Z")
        );
        for bad in [
            "2026-11-31",
            "2026-13-01",
            "26-11-01",
            "2026/11/01",
            "",
            "2026-02-29",
        ] {
            assert_eq!(local_day_start(bad), None, "{bad}");
        }
        assert!(local_day_start("2024-02-29").is_some());
    }

    #[test]
    fn amsterdam_winter_and_summer_time() {
        // 2026: summer time from Sunday 29 March 01:00 UTC to Sunday 25 October 01:00 UTC.
        let start = 1_774_746_000; // 2026-03-29T01:00:00Z
        let end = 1_792_890_000; // 2026-10-25T01:00:00Z
        assert_eq!(rfc3339_utc(start), "2026-03-29T01:00:00Z");
        assert_eq!(rfc3339_utc(end), "2026-10-25T01:00:00Z");
        assert_eq!(amsterdam_offset(start - 1), 3600);
        assert_eq!(amsterdam_offset(start), 7200);
        assert_eq!(amsterdam_offset(end - 1), 7200);
        assert_eq!(amsterdam_offset(end), 3600);
        assert_eq!(local_datetime(start - 1), "2026-03-29 01:59");
        assert_eq!(local_datetime(start), "2026-03-29 03:00");
        assert_eq!(local_datetime(1_795_301_580), "2026-11-21 23:53"); // 22:53 UTC in winter
        assert_eq!(local_datetime(0), "1970-01-01 01:00");
    }
}
