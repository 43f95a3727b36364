//! What a manager asks of a form's registrations (document 001 section 7,
//! `GET api/form/{id}/registrations`): a tab, filters `f[...]` (path, operator, value,
//! integer, date), a sort and a page. Parsed and checked here, without I/O; the data layer
//! turns a checked [`Review`] into SQL with every value bound.

use crate::messages;
use serde::{Deserialize, Serialize};

/// Page sizes the registrations list offers (document 001 section 9).
pub const PAGE_SIZES: [i64; 4] = [10, 20, 50, 100];
/// Filters one page may carry.
pub const MAX_FILTERS: usize = 20;
/// Every spelling of a filter operator that [`Operator::parse`] takes (the spec's rule
/// operators where they mean the same).
pub const OPERATORS: [&str; 14] = [
    "=",
    "==",
    "str_equals",
    "!",
    "!=",
    "<>",
    ">",
    ">=",
    "<",
    "<=",
    "contains",
    "includes",
    "empty",
    "!empty",
];
/// Highest page number (0-based) asked for.
pub const MAX_PAGE: i64 = 1_000_000;
/// Longest filter value, in characters.
pub const MAX_FILTER_VALUE: usize = 200;

/// The tabs of screen 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// 'Voltooide registraties'.
    Completed,
    /// 'Onvoltooide registraties': workflow registrations on their way (draft).
    Incomplete,
    /// 'Prullenbak'.
    Trash,
}

impl Tab {
    /// Reads `tab` (default completed).
    pub fn parse(raw: Option<&str>) -> Result<Tab, String> {
        match raw.unwrap_or("completed") {
            "completed" => Ok(Tab::Completed),
            "incomplete" => Ok(Tab::Incomplete),
            "trash" => Ok(Tab::Trash),
            other => Err(messages::review_unknown(other)),
        }
    }
}

/// A field of the registration itself, or a path into its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field {
    /// `registration_date`.
    Date,
    /// `registration_serial_number`.
    Serial,
    /// `registration_user_id.username`.
    User,
    /// `registration_phase`.
    Phase,
    /// `registration_name`.
    Name,
    /// `deleted_at` (the trash).
    DeletedAt,
    /// An element path: `omschrijving`, `posten.bedrag` (inside every subform entry),
    /// `plek.lat`; written with or without a leading `values.`.
    Value(Vec<String>),
}

impl Field {
    /// Reads a path of a filter or of `sort_by`.
    pub fn parse(raw: &str) -> Result<Field, String> {
        let field = match raw {
            "registration_date" => Field::Date,
            "registration_serial_number" => Field::Serial,
            "registration_user_id.username" => Field::User,
            "registration_phase" => Field::Phase,
            "registration_name" => Field::Name,
            "deleted_at" => Field::DeletedAt,
            other => {
                let path = other.strip_prefix("values.").unwrap_or(other);
                let parts: Vec<String> = path.split('.').map(str::to_owned).collect();
                let valid = !parts.is_empty()
                    && parts.len() <= 3
                    && parts.iter().all(|p| crate::form::is_valid_data_name(p));
                if !valid {
                    return Err(messages::review_unknown(raw));
                }
                Field::Value(parts)
            }
        };
        Ok(field)
    }
}

/// How a filter compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Equals,
    NotEquals,
    Greater,
    GreaterOrEqual,
    Less,
    LessOrEqual,
    /// Text holds the value, case-insensitive.
    Contains,
    Empty,
    NotEmpty,
}

impl Operator {
    /// Reads an operator; the rule operators' spellings are accepted too.
    pub fn parse(raw: &str) -> Result<Operator, String> {
        Ok(match raw {
            "=" | "==" | "str_equals" => Operator::Equals,
            "!" | "!=" | "<>" => Operator::NotEquals,
            ">" => Operator::Greater,
            ">=" => Operator::GreaterOrEqual,
            "<" => Operator::Less,
            "<=" => Operator::LessOrEqual,
            "contains" | "includes" => Operator::Contains,
            "empty" => Operator::Empty,
            "!empty" => Operator::NotEmpty,
            other => return Err(messages::review_unknown(other)),
        })
    }
}

/// What a filter's value is compared as.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// Case-insensitive text.
    Text(String),
    /// A number (`integer` set).
    Number(f64),
    /// A date `YYYY-MM-DD` (`date` set), Amsterdam time for the registration date.
    Date(String),
    /// Nothing: `empty` and `!empty`.
    None,
}

/// One checked filter.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    pub field: Field,
    pub operator: Operator,
    pub operand: Operand,
}

/// One filter as it arrives: `f[i][path]`, `f[i][operator]`, `f[i][value]`,
/// `f[i][integer]`, `f[i][date]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawFilter {
    pub path: String,
    pub operator: String,
    pub value: String,
    pub integer: bool,
    pub date: bool,
}

impl Filter {
    /// Checks a filter as it arrives.
    pub fn parse(raw: &RawFilter) -> Result<Filter, String> {
        let field = Field::parse(&raw.path)?;
        let operator = Operator::parse(&raw.operator)?;
        let value = raw.value.trim();
        if value.chars().count() > MAX_FILTER_VALUE {
            return Err(messages::REVIEW_VALUE_TOO_LONG.to_owned());
        }
        let operand = if matches!(operator, Operator::Empty | Operator::NotEmpty) {
            Operand::None
        } else if raw.date || field == Field::Date || field == Field::DeletedAt {
            if !is_date(value) {
                return Err(messages::review_not_a_date(value));
            }
            Operand::Date(value.to_owned())
        } else if raw.integer || field == Field::Serial {
            let number = crate::values::normalize_decimal(value)
                .ok_or_else(|| messages::review_not_a_number(value))?;
            Operand::Number(number)
        } else {
            if matches!(
                operator,
                Operator::Greater
                    | Operator::GreaterOrEqual
                    | Operator::Less
                    | Operator::LessOrEqual
            ) && field != Field::Phase
            {
                // Ordering text would compare characters, which no user means.
                return Err(messages::review_unknown(&raw.operator));
            }
            Operand::Text(value.to_lowercase())
        };
        Ok(Filter {
            field,
            operator,
            operand,
        })
    }
}

/// True for `YYYY-MM-DD` (a calendar date).
fn is_date(text: &str) -> bool {
    crate::dates::local_day_start(text).is_some()
}

/// The order of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sort {
    pub field: Field,
    pub descending: bool,
}

/// A checked question about a form's registrations.
#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub tab: Tab,
    pub filters: Vec<Filter>,
    pub sort: Sort,
    /// 0-based.
    pub page: i64,
    pub per_page: i64,
}

/// The parts of a review as they arrive in the query string.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawReview {
    pub tab: Option<String>,
    pub filters: Vec<RawFilter>,
    pub sort_by: Option<String>,
    /// -1 (descending) or 1.
    pub sort_direction: Option<String>,
    pub page: Option<String>,
    pub items_per_page: Option<String>,
}

impl Review {
    /// Checks a review; the default is the first page of 10, newest first (in the trash:
    /// most recently trashed first).
    pub fn parse(raw: &RawReview) -> Result<Review, String> {
        let tab = Tab::parse(raw.tab.as_deref())?;
        if raw.filters.len() > MAX_FILTERS {
            return Err(messages::REVIEW_TOO_MANY_FILTERS.to_owned());
        }
        let filters = raw
            .filters
            .iter()
            .map(Filter::parse)
            .collect::<Result<Vec<_>, _>>()?;
        let default_field = if tab == Tab::Trash {
            Field::DeletedAt
        } else {
            Field::Date
        };
        // A parameter given is checked as given: an empty one is refused, not a default,
        // so what the API documents and what it takes stay the same.
        let field = match raw.sort_by.as_deref() {
            Some(by) => Field::parse(by)?,
            None => default_field,
        };
        let descending = match raw.sort_direction.as_deref() {
            None | Some("-1") => true,
            Some("1") => false,
            Some(other) => return Err(messages::review_unknown(other)),
        };
        let number = |raw: Option<&str>, default: i64| -> Result<i64, String> {
            match raw {
                None => Ok(default),
                Some(text) => text
                    .parse::<i64>()
                    .map_err(|_| messages::review_not_a_number(text)),
            }
        };
        let page = number(raw.page.as_deref(), 0)?;
        if !(0..=MAX_PAGE).contains(&page) {
            return Err(messages::review_no_page(page));
        }
        let per_page = number(raw.items_per_page.as_deref(), PAGE_SIZES[0])?;
        if !PAGE_SIZES.contains(&per_page) {
            return Err(messages::review_page_size(per_page));
        }
        Ok(Review {
            tab,
            filters,
            sort: Sort { field, descending },
            page,
            per_page,
        })
    }
}

/// Registrations a form needs before a value path gets an index of its own: below this a
/// scan of the form's rows answers within the list's budget (decision 018).
pub const INDEX_FROM_ROWS: i64 = 5_000;
/// Value paths of one form that may have an index: each index costs every send of the form
/// a little, so the paths managers actually use get one, up to this many.
pub const MAX_INDEXED_PATHS: i64 = 8;
/// Shortest text a contains filter finds through a text index (its trigrams).
pub const MIN_INDEXED_CONTAINS: usize = 3;

/// The kind of index that makes a value path fast (decision 018).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IndexKind {
    /// The value in order: sorting, equality, number ranges.
    Order,
    /// The value's trigrams: contains.
    Text,
}

impl IndexKind {
    pub fn as_str(self) -> &'static str {
        match self {
            IndexKind::Order => "order",
            IndexKind::Text => "text",
        }
    }

    pub fn parse(raw: &str) -> Option<IndexKind> {
        match raw {
            "order" => Some(IndexKind::Order),
            "text" => Some(IndexKind::Text),
            _ => None,
        }
    }
}

/// The top-level value path of a field (`omschrijving`); None for the registration's own
/// fields and for paths into subform entries or parts, which no index serves.
pub fn indexable_path(field: &Field) -> Option<&str> {
    match field {
        Field::Value(parts) if parts.len() == 1 => parts.first().map(String::as_str),
        _ => None,
    }
}

impl Filter {
    /// The index that can answer this filter exactly as the scan would, if any: number
    /// comparisons and text equality in value order, contains through trigrams. Text that
    /// reads as a number is left to the scan, which compares numbers as their text.
    pub fn index_use(&self) -> Option<(&str, IndexKind)> {
        let path = indexable_path(&self.field)?;
        let kind = match (&self.operand, self.operator) {
            (Operand::Number(_), op) if op != Operator::NotEquals && op != Operator::Contains => {
                IndexKind::Order
            }
            (Operand::Text(text), Operator::Equals)
                if !text.is_empty() && text.parse::<f64>().is_err() =>
            {
                IndexKind::Order
            }
            (Operand::Text(text), Operator::Contains)
                if text.chars().count() >= MIN_INDEXED_CONTAINS =>
            {
                IndexKind::Text
            }
            _ => return None,
        };
        Some((path, kind))
    }
}

impl Review {
    /// The value indexes that would serve this review: its sort and its filters. The tabs
    /// of the list only (the trash is small and read rarely).
    pub fn wanted_indexes(&self) -> Vec<(&str, IndexKind)> {
        if self.tab == Tab::Trash {
            return Vec::new();
        }
        let sort = indexable_path(&self.sort.field).map(|path| (path, IndexKind::Order));
        let mut wanted: Vec<(&str, IndexKind)> = Vec::new();
        for want in sort
            .into_iter()
            .chain(self.filters.iter().filter_map(Filter::index_use))
        {
            if !wanted.contains(&want) {
                wanted.push(want);
            }
        }
        wanted
    }
}

/// Whether a page is found faster by walking the rows in the page's order and testing each
/// against the filters than by reading every match from a filter's index and sorting them:
/// walking reads about `wanted × rows / matches` rows (and tests each, which costs a few
/// index reads), the index reads every match.
pub fn walk_in_order(wanted: i64, rows: i64, matches: i64) -> bool {
    /// What testing a walked row costs, in index reads.
    const TEST_COST: i64 = 4;
    if matches <= 0 {
        return false;
    }
    let walked = wanted.saturating_mul(rows) / matches;
    walked.saturating_mul(TEST_COST) < matches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(path: &str, operator: &str, value: &str) -> RawFilter {
        RawFilter {
            path: path.into(),
            operator: operator.into(),
            value: value.into(),
            ..RawFilter::default()
        }
    }

    #[test]
    fn filters_are_checked() {
        let text = Filter::parse(&raw("values.omschrijving", "contains", " Lamp ")).unwrap();
        assert_eq!(text.field, Field::Value(vec!["omschrijving".into()]));
        assert_eq!(text.operand, Operand::Text("lamp".into()));
        let number = Filter::parse(&RawFilter {
            integer: true,
            ..raw("aantal", ">=", "3,5")
        })
        .unwrap();
        assert_eq!(number.operand, Operand::Number(3.5));
        let date = Filter::parse(&raw("registration_date", "<", "2026-11-01")).unwrap();
        assert_eq!(date.operand, Operand::Date("2026-11-01".into()));
        let sub = Filter::parse(&raw("posten.bedrag", "empty", "")).unwrap();
        assert_eq!(sub.operand, Operand::None);
        for bad in [
            raw("registration_date", "=", "gisteren"),
            raw("Omschrijving", "=", "x"),
            raw("a.b.c.d", "=", "x"),
            raw("x", "like", "x"),
            raw("omschrijving", ">", "b"),
            raw("x", "=", &"y".repeat(201)),
            RawFilter {
                integer: true,
                ..raw("aantal", "=", "veel")
            },
        ] {
            assert!(Filter::parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn reviews_default_to_the_newest_ten() {
        let review = Review::parse(&RawReview::default()).unwrap();
        assert_eq!(review.tab, Tab::Completed);
        assert_eq!(
            review.sort,
            Sort {
                field: Field::Date,
                descending: true
            }
        );
        assert_eq!((review.page, review.per_page), (0, 10));
        let trash = Review::parse(&RawReview {
            tab: Some("trash".into()),
            ..RawReview::default()
        })
        .unwrap();
        assert_eq!(trash.sort.field, Field::DeletedAt);
        let bad_size = RawReview {
            items_per_page: Some("25".into()),
            ..RawReview::default()
        };
        assert!(Review::parse(&bad_size).is_err());
        let ascending = Review::parse(&RawReview {
            sort_by: Some("registration_serial_number".into()),
            sort_direction: Some("1".into()),
            page: Some("2".into()),
            ..RawReview::default()
        })
        .unwrap();
        assert_eq!(
            ascending.sort,
            Sort {
                field: Field::Serial,
                descending: false
            }
        );
        assert_eq!(ascending.page, 2);
    }

    #[test]
    fn every_documented_operator_is_taken() {
        for operator in OPERATORS {
            assert!(Operator::parse(operator).is_ok(), "{operator}");
        }
        assert!(Operator::parse("like").is_err());
    }

    #[test]
    fn a_parameter_given_is_checked_as_given() {
        let refused = |raw: RawReview| Review::parse(&raw).is_err();
        assert!(refused(RawReview {
            sort_by: Some(String::new()),
            ..RawReview::default()
        }));
        assert!(refused(RawReview {
            sort_direction: Some("asc".into()),
            ..RawReview::default()
        }));
        assert!(refused(RawReview {
            page: Some("-4".into()),
            ..RawReview::default()
        }));
        assert!(refused(RawReview {
            page: Some(String::new()),
            ..RawReview::default()
        }));
        assert!(refused(RawReview {
            items_per_page: Some(String::new()),
            ..RawReview::default()
        }));
    }

    #[test]
    fn indexes_serve_what_they_answer_exactly() {
        let use_of = |path: &str, op: &str, value: &str, integer: bool| {
            Filter::parse(&RawFilter {
                integer,
                ..raw(path, op, value)
            })
            .unwrap()
            .index_use()
            .map(|(path, kind)| (path.to_owned(), kind))
        };
        let order = Some(("getal".to_owned(), IndexKind::Order));
        assert_eq!(use_of("getal", ">=", "900", true), order);
        assert_eq!(use_of("values.getal", "=", "9", true), order);
        assert_eq!(use_of("getal", "!=", "9", true), None);
        assert_eq!(
            use_of("keuze", "=", "B", false).unwrap().1,
            IndexKind::Order
        );
        // Text that reads as a number compares as text in the scan.
        assert_eq!(use_of("keuze", "=", "12", false), None);
        assert_eq!(use_of("keuze", "!=", "b", false), None);
        assert_eq!(
            use_of("tekst", "contains", "mel", false).unwrap().1,
            IndexKind::Text
        );
        assert_eq!(use_of("tekst", "contains", "me", false), None);
        assert_eq!(use_of("tekst", "empty", "", false), None);
        assert_eq!(use_of("posten.bedrag", ">", "1", true), None);
        assert_eq!(use_of("registration_serial_number", ">", "1", false), None);
    }

    #[test]
    fn wanted_indexes_are_the_sort_and_the_filters_once() {
        let review = Review::parse(&RawReview {
            filters: vec![raw("keuze", "=", "b"), raw("tekst", "contains", "lamp")],
            sort_by: Some("keuze".into()),
            ..RawReview::default()
        })
        .unwrap();
        assert_eq!(
            review.wanted_indexes(),
            vec![("keuze", IndexKind::Order), ("tekst", IndexKind::Text)]
        );
        let trash = Review::parse(&RawReview {
            tab: Some("trash".into()),
            sort_by: Some("keuze".into()),
            ..RawReview::default()
        })
        .unwrap();
        assert!(trash.wanted_indexes().is_empty());
    }

    #[test]
    fn walking_in_order_pays_for_common_matches_only() {
        // 10 % of a million: about 100 rows walked for a page of 10.
        assert!(walk_in_order(10, 1_000_000, 100_000));
        // One match: walking would read everything.
        assert!(!walk_in_order(10, 1_000_000, 1));
        assert!(!walk_in_order(10, 1_000_000, 0));
        // Deep pages read many rows either way; the index's matches are fewer.
        assert!(!walk_in_order(5_010, 1_000_000, 100_000));
    }
}
