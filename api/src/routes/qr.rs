//! `api/qr/location-to-google-maps/{lat}/{lon}/qr-code.png`: a QR code that opens a GPS
//! location in Google Maps, for the `#qr` suffix of gps tokens in summaries, e-mails and
//! documents. Public: it holds nothing but the two numbers of its own address.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::policy::table;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use domain::messages;
use image::{ImageFormat, Luma};
use qrcode::QrCode;
use std::io::Cursor;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Routes of this resource.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(location_png))
}

/// The address the code holds: Google Maps' search by coordinates (the documented
/// `api=1` link, which opens the app on phones).
pub fn google_maps_url(lat: f64, lon: f64) -> String {
    format!("https://www.google.com/maps/search/?api=1&query={lat},{lon}")
}

/// A number in `[-limit, limit]`, written with a dot.
fn coordinate(raw: &str, limit: f64, field: &str) -> Result<f64> {
    raw.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && n.abs() <= limit)
        .ok_or_else(|| AppError::invalid(field, messages::FIELD_GPS_INVALID))
}

/// `GET api/qr/location-to-google-maps/{lat}/{lon}/qr-code.png`.
#[utoipa::path(get, path = "/api/qr/location-to-google-maps/{lat}/{lon}/qr-code.png", operation_id = table::QR_LOCATION.op, tag = "qr",
    params(
        ("lat" = f64, Path, description = "Latitude", minimum = -90, maximum = 90),
        ("lon" = f64, Path, description = "Longitude", minimum = -180, maximum = 180)
    ),
    responses(
        (status = 200, description = "The QR code", content_type = "image/png", body = Vec<u8>),
        (status = 422, description = "A coordinate that is not one")
    ))]
async fn location_png(Path((lat, lon)): Path<(String, String)>) -> Result<Response> {
    let lat = coordinate(&lat, 90.0, "lat")?;
    let lon = coordinate(&lon, 180.0, "lon")?;
    let code = QrCode::new(google_maps_url(lat, lon).as_bytes()).map_err(AppError::internal)?;
    // Eight pixels a module and the standard quiet zone: sharp when printed or mailed.
    let image = code.render::<Luma<u8>>().module_dimensions(8, 8).build();
    let mut png = Cursor::new(Vec::new());
    image
        .write_to(&mut png, ImageFormat::Png)
        .map_err(AppError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        png.into_inner(),
    )
        .into_response())
}
