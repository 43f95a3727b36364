// `sqlx::migrate!` embeds the migration files at compile time, but Cargo only notices a
// changed file it was told about: a new migration must rebuild this crate.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
