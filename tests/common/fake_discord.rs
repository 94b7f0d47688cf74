//! A fake Discord on 127.0.0.1: REST under `/api/v10` and the gateway at `/gateway`, on one
//! port, for driving the real serenity client in tests without the internet.
//!
//! Point serenity at it with [`FakeDiscord::http_builder`] (=
//! `HttpBuilder::new(FakeDiscord::TOKEN).proxy(&fake.http_url).ratelimiter_disabled(true)`; the
//! proxy is ignored while serenity's ratelimiter is on) and
//! `ClientBuilder::new_with_http(http, intents)`: serenity asks `GET /api/v10/gateway` for the
//! gateway address (this server), connects, identifies, and gets a READY. The test then injects
//! events with [`FakeDiscord::dispatch`] (payloads from [`slash_command`], [`autocomplete`],
//! [`button`]) and looks at what the bot sent with [`FakeDiscord::calls`] /
//! [`FakeDiscord::wait_for_call`].
//!
//! Everything served is shaped so that serenity 0.12.5 deserializes it (the shapes were checked
//! against serenity's model structs, which are stricter than Discord's documented examples: e.g.
//! an interaction needs `application_id`, `version`, `entitlements`, `attachment_size_limit`
//! and a member needs `flags`).
//!
//! Behaviour worth knowing:
//! - Every request is recorded as a [`Call`] (also unknown routes, which answer 404 with
//!   `{"message":"404: Not Found","code":0}`; see [`FakeDiscord::unknown_calls`]).
//! - Answering an interaction twice gets Discord's 400 `{"code":40060}` ("Interaction has
//!   already been acknowledged.").
//! - Messages posted to the DM channel of a user in [`FakeDiscord::close_dms_of`] get Discord's
//!   403 `{"code":50007,"message":"Cannot send messages to this user"}`.
//! - [`FakeDiscord::fail_next`] makes the next N requests under a path prefix answer 500.
//! - Messages, threads and DM channels the bot creates are kept, so `GET`/`PATCH` of a message
//!   or of `@original` return the current state, and [`FakeDiscord::message`] shows it.
//!
//! It is strict, as Discord is (see `discord_rules.rs` for the limits checked):
//! - Command definitions, message bodies (content ≤ 2,000, components, allowed mentions) and
//!   autocomplete results (≤ 25 choices, values of the focused option's type) that break
//!   Discord's documented limits get 400 `{"code":50035,"message":"Invalid Form Body"}`.
//! - An interaction's first response must come within 3 s of its dispatch, else 404
//!   `{"code":10062,"message":"Unknown interaction"}`; its token (edits, follow-ups) lasts
//!   15 min, then 401 `{"code":50027,"message":"Invalid Webhook Token"}`
//!   ([`FakeDiscord::set_deadlines`] shortens both for tests).
//! - Whether a response is ephemeral is fixed by its first callback (a deferred one
//!   included): edits cannot change it, and the first follow-up of a response still
//!   "thinking" edits that response, keeping its privacy.
//! - A message posted with `enforce_nonce` and a nonce already used in its channel is not
//!   posted again: the answer is the message that nonce made.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Map, Value};
use tokio::sync::{mpsc, watch, Notify};

/// One HTTP request the fake received, in arrival order.
#[derive(Clone, Debug)]
pub struct Call {
    /// `GET`, `POST`, `PATCH`, `PUT`, `DELETE`.
    pub method: String,
    /// The full path, e.g. `/api/v10/interactions/1/itoken_1/callback` (no query string).
    pub path: String,
    /// The query string without `?`, `""` if none (serenity writes `?&wait=true`).
    pub query: String,
    /// The JSON body, or the `payload_json` part of a multipart body; `Null` if none.
    pub json: Value,
    /// Files of a multipart body: (filename, bytes), in part order.
    pub files: Vec<(String, Vec<u8>)>,
    /// The `Authorization` header as sent (serenity sends `Bot <token>`).
    pub authorization: Option<String>,
    /// Whether it came over HTTPS, as to `https://discord.com` (else to the plain proxy
    /// address).
    pub tls: bool,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with (`Null` for 204).
    pub response: Value,
}

impl Call {
    /// `content` of a message body: `json.content`, or `json.data.content` for an interaction
    /// callback.
    pub fn content(&self) -> Option<&str> {
        self.json
            .get("content")
            .or_else(|| self.json.get("data").and_then(|d| d.get("content")))
            .and_then(Value::as_str)
    }

    /// Whether the message body asks for an ephemeral message (flag 64 in `json.flags` or
    /// `json.data.flags`).
    pub fn ephemeral(&self) -> bool {
        let flags = self
            .json
            .get("flags")
            .or_else(|| self.json.get("data").and_then(|d| d.get("flags")))
            .and_then(Value::as_u64)
            .unwrap_or(0);
        flags & 64 != 0
    }

    /// The interaction callback type (`json.type`) when this is a callback.
    pub fn callback_type(&self) -> Option<u64> {
        if self.is_callback() {
            self.json.get("type").and_then(Value::as_u64)
        } else {
            None
        }
    }

    /// `POST /api/v10/interactions/{id}/{token}/callback`.
    pub fn is_callback(&self) -> bool {
        self.method == "POST"
            && self.path.starts_with("/api/v10/interactions/")
            && self.path.ends_with("/callback")
    }

    /// Method and path prefix match, e.g. `call.is("POST", "/api/v10/channels/")`.
    pub fn is(&self, method: &str, path_prefix: &str) -> bool {
        self.method == method && self.path.starts_with(&normalize_prefix(path_prefix))
    }
}

struct ShardConn {
    conn: u64,
    tx: mpsc::UnboundedSender<String>,
}

/// A gateway session: its id, its last sequence number and every dispatch sent in it, so
/// that a resume replays what the client missed.
#[derive(Default)]
struct Session {
    id: String,
    seq: u64,
    sent: Vec<(u64, String)>,
}

/// What the fake's side of a connection sends to close it, after the frame before it.
const CLOSE: &str = "\u{0}close";

#[derive(Clone, Debug)]
struct InteractionInfo {
    channel: u64,
    guild: Option<u64>,
    /// The message a component interaction was on.
    message: Option<u64>,
    /// When the interaction was dispatched (the 3-second and 15-minute clocks start here).
    created: std::time::Instant,
    /// The type of the focused option, for an autocomplete interaction.
    focused_kind: Option<u64>,
}

#[derive(Default)]
struct FakeState {
    calls: Vec<Call>,
    gateway_in: Vec<Value>,
    identify: Option<Value>,
    shard: Option<ShardConn>,
    session: Session,
    /// Resumes received (op 6), and identifies (op 2).
    resumes: u64,
    identifies: u64,
    connections: u64,
    next_id: u64,
    fail: Vec<(String, usize)>,
    closed_dms: HashSet<u64>,
    dm_channel_of: HashMap<u64, u64>,
    dm_user_of: HashMap<u64, u64>,
    channels: HashMap<u64, Value>,
    /// Guild of a channel, learnt from dispatched interactions and created threads.
    guild_of: HashMap<u64, u64>,
    messages: HashMap<u64, Value>,
    interactions: HashMap<String, InteractionInfo>,
    acknowledged: HashSet<String>,
    originals: HashMap<String, u64>,
    commands: HashMap<Option<u64>, Vec<Value>>,
    command_ids: HashMap<(Option<u64>, String), u64>,
    /// Permissions the bot lacks, by channel (Discord's permission bits).
    denied: HashMap<u64, u64>,
    /// Threads archived or locked (by a moderator, or by time), and channels deleted.
    archived: HashSet<u64>,
    locked: HashSet<u64>,
    deleted: HashSet<u64>,
    /// Routes (path prefixes) answering 429 with `retry_after` this many more times.
    rate_limited: Vec<(String, usize, f64)>,
    /// Messages posted with `enforce_nonce`, by channel and nonce.
    nonces: HashMap<(u64, String), u64>,
    /// Time for an interaction's first response (Discord: 3 s).
    first_response_within: Option<Duration>,
    /// Life of an interaction token (Discord: 15 min).
    token_lifetime: Option<Duration>,
}

impl FakeState {
    fn new_id(&mut self) -> u64 {
        // Snowflakes one millisecond apart, so `created_at()` of the ids is sane (late 2024).
        self.next_id += 1 << 22;
        FakeDiscord::FIRST_ID + self.next_id
    }
}

struct Inner {
    state: Mutex<FakeState>,
    changed: Notify,
    http_url: String,
    gateway_url: String,
    shutdown: watch::Sender<bool>,
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, FakeState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The fake Discord. Dropping it stops the server and closes the gateway connection.
pub struct FakeDiscord {
    /// `http://127.0.0.1:PORT`: give it to `HttpBuilder::proxy`.
    pub http_url: String,
    /// The same API over HTTPS as `discord.com`, with a certificate made for this fake:
    /// [`FakeDiscord::discord_client`] reaches it, and serenity keeps its rate limiter.
    pub tls_addr: SocketAddr,
    /// The fake's certificate (PEM), the only root the client of `discord_client` trusts.
    pub certificate_pem: String,
    /// `ws://127.0.0.1:PORT/gateway`: what `GET /api/v10/gateway` answers.
    pub gateway_url: String,
    pub addr: SocketAddr,
    inner: Arc<Inner>,
    server: tokio::task::JoinHandle<()>,
    tls_server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        let _ = self.inner.shutdown.send(true);
        self.server.abort();
        self.tls_server.abort();
    }
}

/// The header the fake adds to requests that came over TLS.
const TLS_MARK: &str = "x-fake-discord-tls";

/// A TCP listener that hands out TLS streams (a failed handshake is dropped).
struct TlsListener {
    tcp: tokio::net::TcpListener,
    acceptor: tokio_rustls::TlsAcceptor,
}

impl axum::serve::Listener for TlsListener {
    type Io = tokio_rustls::server::TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let Ok((stream, addr)) = self.tcp.accept().await else {
                continue;
            };
            if let Ok(tls) = self.acceptor.accept(stream).await {
                return (tls, addr);
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.tcp.local_addr()
    }
}

/// A certificate for `discord.com` made now, and the TLS acceptor that presents it.
fn discord_certificate() -> (String, tokio_rustls::TlsAcceptor) {
    let made = rcgen::generate_simple_self_signed(vec!["discord.com".to_string()])
        .expect("fake Discord: a test certificate");
    let pem = made.cert.pem();
    let cert = made.cert.der().clone();
    let key = rustls::pki_types::PrivateKeyDer::Pkcs8(made.signing_key.serialize_der().into());
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("fake Discord: TLS versions")
    .with_no_client_auth()
    .with_single_cert(vec![cert], key)
    .expect("fake Discord: the certificate and its key");
    (pem, tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

impl FakeDiscord {
    /// Discord's time for the first response to an interaction.
    pub const FIRST_RESPONSE_WITHIN: Duration = Duration::from_secs(3);
    /// Discord's life of an interaction token.
    pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

    /// The application id, also the bot's user id (as for every bot made since 2021).
    pub const APPLICATION_ID: u64 = 1_234_567_890_123_456_789;
    pub const BOT_USER_ID: u64 = 1_234_567_890_123_456_789;
    pub const BOT_NAME: &'static str = "boardpost";
    /// A token of Discord's shape: base64 of the bot's id, a timestamp part, an HMAC part.
    pub const TOKEN: &'static str =
        "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GfAkE0.fake_token_for_tests_only_0123456789abc";
    /// A guild and channel for tests that do not care which (same values as `common::world`).
    pub const GUILD_ID: u64 = 900_000_000_000_000_001;
    pub const CHANNEL_ID: u64 = 800_000_000_000_000_001;
    /// Ids the fake hands out (messages, threads, DM channels, attachments) are above this.
    pub const FIRST_ID: u64 = 1_300_000_000_000_000_000;
    /// Interaction's `attachment_size_limit` (Discord's default for unboosted guilds: 10 MiB).
    pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

    /// Binds 127.0.0.1:0 and serves HTTP and the gateway WebSocket on that port.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Discord: bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("fake Discord: local_addr");
        let http_url = format!("http://{addr}");
        let gateway_url = format!("ws://{addr}/gateway");
        let (shutdown, _) = watch::channel(false);
        let inner = Arc::new(Inner {
            state: Mutex::new(FakeState::default()),
            changed: Notify::new(),
            http_url: http_url.clone(),
            gateway_url: gateway_url.clone(),
            shutdown,
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(64 * 1024 * 1024))
            .with_state(inner.clone());
        let mut stop = inner.shutdown.subscribe();
        let plain = app.clone();
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, plain)
                .with_graceful_shutdown(async move {
                    let _ = stop.wait_for(|s| *s).await;
                })
                .await;
        });
        let (certificate_pem, acceptor) = discord_certificate();
        // Requests over TLS are marked, so tests can tell how the bot reached the fake.
        let app = app.layer(axum::middleware::map_request(
            |mut request: axum::extract::Request| async move {
                request
                    .headers_mut()
                    .insert(TLS_MARK, axum::http::HeaderValue::from_static("1"));
                request
            },
        ));
        let tcp = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Discord: bind 127.0.0.1:0 for TLS");
        let tls_addr = tcp.local_addr().expect("fake Discord: local_addr");
        let mut stop = inner.shutdown.subscribe();
        let tls_server = tokio::spawn(async move {
            let _ = axum::serve(TlsListener { tcp, acceptor }, app)
                .with_graceful_shutdown(async move {
                    let _ = stop.wait_for(|s| *s).await;
                })
                .await;
        });
        FakeDiscord {
            http_url,
            tls_addr,
            certificate_pem,
            gateway_url,
            addr,
            inner,
            server,
            tls_server,
        }
    }

    /// serenity's `HttpBuilder` pointed at this fake: the token, the proxy, and the
    /// ratelimiter disabled. The last is required: in serenity 0.12.5 requests that go through
    /// the ratelimiter ignore the proxy (`Ratelimiter::perform` builds the request with
    /// `proxy: None`) and go to https://discord.com.
    pub fn http_builder(&self) -> serenity::http::HttpBuilder {
        serenity::http::HttpBuilder::new(Self::TOKEN)
            .proxy(self.http_url.clone())
            .ratelimiter_disabled(true)
    }

    /// An HTTP client for serenity (`HttpBuilder::client`) that reaches this fake as
    /// `https://discord.com`: the name resolves to it, and its certificate is the only one
    /// trusted. serenity then runs as against Discord, rate limiter on, no proxy.
    pub fn discord_client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(
                reqwest::Certificate::from_pem(self.certificate_pem.as_bytes())
                    .expect("fake Discord: its own certificate"),
            )
            .resolve("discord.com", self.tls_addr)
            .build()
            .expect("fake Discord: an HTTP client")
    }

    /// Waits for the shard's Identify (op 2) and returns its `d`: `token`, `intents`, `shard`,
    /// `properties`, `presence`, ... Panics after `timeout`.
    pub async fn wait_identified(&self, timeout: Duration) -> Value {
        self.wait_until(timeout, "the shard's Identify", |s| s.identify.clone())
            .await
    }

    /// Sends a dispatch (op 0) with the next sequence number to the identified shard and
    /// returns that number. Waits up to 10 s for a shard to be identified, then panics.
    pub async fn dispatch(&self, event: &str, data: Value) -> u64 {
        self.wait_until(
            Duration::from_secs(10),
            "an identified shard to dispatch to",
            |s| s.shard.as_ref().map(|_| ()),
        )
        .await;
        let mut s = self.inner.lock();
        let mut data = data;
        if event == "INTERACTION_CREATE" {
            // Discord tells the bot its permissions where the interaction happened.
            let denied = denied_in(&s, id_of(&data["channel_id"]).unwrap_or(0));
            if denied != 0 {
                let all: u64 = data["app_permissions"]
                    .as_str()
                    .and_then(|p| p.parse().ok())
                    .unwrap_or(u64::MAX >> 13);
                data["app_permissions"] = json!((all & !denied).to_string());
            }
            remember_interaction(&mut s, &data);
        }
        let seq = record_dispatch(&mut s, event, data);
        let frame = s.session.sent.last().expect("just recorded").1.clone();
        let shard = s.shard.as_mut().expect("identified shard");
        shard
            .tx
            .send(frame)
            .expect("fake Discord: the shard's connection is gone");
        seq
    }

    /// Records a dispatch in the session while no shard is connected (it was "sent" to a
    /// connection that had dropped): a client that resumes gets it replayed.
    pub fn dispatch_missed(&self, event: &str, data: Value) -> u64 {
        let mut s = self.inner.lock();
        if event == "INTERACTION_CREATE" {
            remember_interaction(&mut s, &data);
        }
        record_dispatch(&mut s, event, data)
    }

    /// Sends op 7 RECONNECT and closes the connection, as Discord does before moving a
    /// session: the client should reconnect and resume.
    pub fn reconnect(&self) {
        self.close_with(json!({"op": 7, "d": null}));
    }

    /// Sends op 9 INVALID_SESSION (not resumable) and closes: the client should identify
    /// again, in a new session.
    pub fn invalidate_session(&self) {
        self.close_with(json!({"op": 9, "d": false}));
    }

    fn close_with(&self, frame: Value) {
        let mut s = self.inner.lock();
        if let Some(shard) = s.shard.take() {
            let _ = shard.tx.send(frame.to_string());
            let _ = shard.tx.send(CLOSE.to_string());
        }
    }

    /// How many times a client resumed (op 6) and identified (op 2).
    pub fn resumes_and_identifies(&self) -> (u64, u64) {
        let s = self.inner.lock();
        (s.resumes, s.identifies)
    }

    /// Shortens (or restores) Discord's clocks: the first response to an interaction within
    /// `first_response`, its token valid for `token`.
    pub fn set_deadlines(&self, first_response: Duration, token: Duration) {
        let mut s = self.inner.lock();
        s.first_response_within = Some(first_response);
        s.token_lifetime = Some(token);
    }

    /// Makes an interaction known without a gateway (its clocks start now), for tests that
    /// answer it with a bare HTTP client.
    pub fn register_interaction(&self, data: &Value) {
        remember_interaction(&mut self.inner.lock(), data);
    }

    /// Every HTTP request received so far, in order.
    pub fn calls(&self) -> Vec<Call> {
        self.inner.lock().calls.clone()
    }

    /// The calls that hit no route (answered 404 `{"code":0}`).
    pub fn unknown_calls(&self) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| c.status == 404 && c.response.get("code") == Some(&json!(0)))
            .collect()
    }

    /// Everything the shard sent over the gateway (Identify, heartbeats, presence updates...).
    pub fn gateway_frames(&self) -> Vec<Value> {
        self.inner.lock().gateway_in.clone()
    }

    /// How many gateway connections were opened so far.
    pub fn gateway_connections(&self) -> u64 {
        self.inner.lock().connections
    }

    /// Forgets the calls recorded so far (not the messages, channels or commands).
    pub fn clear_calls(&self) {
        self.inner.lock().calls.clear();
    }

    /// The first call (from the beginning, already received or not) matching `pred`.
    /// Panics after `timeout`, listing the calls received.
    pub async fn wait_for_call(&self, pred: impl Fn(&Call) -> bool, timeout: Duration) -> Call {
        self.wait_until(timeout, "a matching call", |s| {
            s.calls.iter().find(|c| pred(c)).cloned()
        })
        .await
    }

    /// The callback for the interaction `interaction_id`. Panics after `timeout`.
    pub async fn wait_for_callback(&self, interaction_id: u64, timeout: Duration) -> Call {
        let prefix = format!("/api/v10/interactions/{interaction_id}/");
        self.wait_for_call(
            |c| c.method == "POST" && c.path.starts_with(&prefix) && c.path.ends_with("/callback"),
            timeout,
        )
        .await
    }

    /// Takes `bits` (Discord's permission bits: [`perm`]) from the bot in `channel` (a
    /// thread inherits its parent's).
    pub fn deny(&self, channel: u64, bits: u64) {
        *self.inner.lock().denied.entry(channel).or_default() |= bits;
    }

    /// Archives a thread (as Discord does after its auto-archive time): posting in it gets
    /// 400 code 50083 until it is un-archived (`PATCH /channels/{id}` `archived: false`).
    pub fn archive_thread(&self, thread: u64) {
        let mut s = self.inner.lock();
        s.archived.insert(thread);
        if let Some(t) = s.channels.get_mut(&thread) {
            t["thread_metadata"]["archived"] = json!(true);
        }
    }

    /// Locks a thread (a moderator did): posting gets 403 code 160005; only members with
    /// Manage Threads may un-archive or unlock it.
    pub fn lock_thread(&self, thread: u64) {
        let mut s = self.inner.lock();
        s.locked.insert(thread);
        if let Some(t) = s.channels.get_mut(&thread) {
            t["thread_metadata"]["locked"] = json!(true);
        }
    }

    /// Deletes a channel or thread: everything sent to it gets 404 code 10003.
    pub fn delete_channel(&self, channel: u64) {
        self.inner.lock().deleted.insert(channel);
    }

    /// The next `times` requests under `path_prefix` answer 429 with `retry_after` (seconds).
    pub fn rate_limit(&self, path_prefix: &str, times: usize, retry_after: f64) {
        self.inner
            .lock()
            .rate_limited
            .push((normalize_prefix(path_prefix), times, retry_after));
    }

    /// From now on, messages to `user`'s DM channel fail with 403 code 50007.
    pub fn close_dms_of(&self, user: u64) {
        self.inner.lock().closed_dms.insert(user);
    }

    /// The next `times` requests whose path starts with `path_prefix` answer 500. The prefix
    /// may be given with or without `/api/v10` (`"/channels/"` = `"/api/v10/channels/"`).
    pub fn fail_next(&self, path_prefix: &str, times: usize) {
        self.inner
            .lock()
            .fail
            .push((normalize_prefix(path_prefix), times));
    }

    /// The current state of a message the bot created (by channel post, interaction response,
    /// follow-up), as Discord would return it.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// Messages the bot has in `channel`, oldest first.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let s = self.inner.lock();
        let mut out: Vec<Value> = s
            .messages
            .values()
            .filter(|m| id_of(&m["channel_id"]) == Some(channel))
            .cloned()
            .collect();
        out.sort_by_key(|m| id_of(&m["id"]));
        out
    }

    /// The id of the message that is the original response of interaction `token`.
    pub fn original_message_id(&self, interaction_token: &str) -> Option<u64> {
        self.inner.lock().originals.get(interaction_token).copied()
    }

    /// A channel the fake created (thread, DM channel).
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.inner.lock().channels.get(&id).cloned()
    }

    /// The commands last bulk-registered, globally (`None`) or for a guild.
    pub fn commands(&self, guild: Option<u64>) -> Vec<Value> {
        self.inner
            .lock()
            .commands
            .get(&guild)
            .cloned()
            .unwrap_or_default()
    }

    async fn wait_until<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut f: impl FnMut(&FakeState) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.inner.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(v) = f(&self.inner.lock()) {
                return v;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                if let Some(v) = f(&self.inner.lock()) {
                    return v;
                }
                let summary: Vec<String> = self
                    .calls()
                    .iter()
                    .map(|c| format!("{} {} -> {}", c.method, c.path, c.status))
                    .collect();
                panic!(
                    "fake Discord: no {what} within {timeout:?}; gateway connections: {}; \
                     HTTP calls so far: {summary:#?}",
                    self.gateway_connections()
                );
            }
        }
    }
}

fn normalize_prefix(prefix: &str) -> String {
    if prefix.starts_with("/api/") {
        prefix.to_string()
    } else if prefix.starts_with('/') {
        format!("/api/v10{prefix}")
    } else {
        format!("/api/v10/{prefix}")
    }
}

/// A snowflake from a JSON string or number.
fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

fn remember_interaction(s: &mut FakeState, data: &Value) {
    let Some(token) = data["token"].as_str() else {
        return;
    };
    let channel = id_of(&data["channel_id"])
        .or_else(|| id_of(&data["channel"]["id"]))
        .unwrap_or(FakeDiscord::CHANNEL_ID);
    let guild = id_of(&data["guild_id"]);
    if let Some(g) = guild {
        s.guild_of.insert(channel, g);
    }
    let message = id_of(&data["message"]["id"]);
    if let Some(m) = message {
        // Let GET @original / UPDATE_MESSAGE of a component see the message it is on.
        s.messages
            .entry(m)
            .or_insert_with(|| data["message"].clone());
    }
    let focused_kind = data["data"]["options"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|o| std::iter::once(o).chain(o["options"].as_array().into_iter().flatten()))
        .find(|o| o["focused"] == json!(true))
        .and_then(|o| o["type"].as_u64());
    s.interactions.insert(
        token.to_string(),
        InteractionInfo {
            channel,
            guild,
            message,
            created: std::time::Instant::now(),
            focused_kind,
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Gateway

async fn gateway(ws: WebSocketUpgrade, State(inner): State<Arc<Inner>>) -> Response {
    ws.max_message_size(16 * 1024 * 1024)
        .on_upgrade(move |socket| run_shard(inner, socket))
}

async fn run_shard(inner: Arc<Inner>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let conn = {
        let mut s = inner.lock();
        s.connections += 1;
        s.connections
    };
    inner.changed.notify_waiters();
    let mut stop = inner.shutdown.subscribe();
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            out = rx.recv() => {
                let Some(text) = out else { break };
                if text == CLOSE {
                    let _ = socket
                        .send(WsMessage::Close(Some(axum::extract::ws::CloseFrame {
                            code: 4000,
                            reason: "reconnect".into(),
                        })))
                        .await;
                    break;
                }
                if socket.send(WsMessage::Text(text.into())).await.is_err() {
                    break;
                }
            }
            msg = socket.recv() => match msg {
                Some(Ok(WsMessage::Text(text))) => {
                    if let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) {
                        on_frame(&inner, conn, &tx, frame);
                    }
                }
                Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            _ = async { let _ = stop.wait_for(|s| *s).await; } => {
                let _ = socket.send(WsMessage::Close(None)).await;
                break;
            }
        }
    }
    {
        let mut s = inner.lock();
        if s.shard.as_ref().map(|sh| sh.conn) == Some(conn) {
            s.shard = None;
        }
    }
    inner.changed.notify_waiters();
}

/// Gives a dispatch the session's next sequence number and keeps it for resumes.
fn record_dispatch(s: &mut FakeState, event: &str, data: Value) -> u64 {
    s.session.seq += 1;
    let seq = s.session.seq;
    let frame = json!({"op": 0, "t": event, "s": seq, "d": data}).to_string();
    s.session.sent.push((seq, frame));
    seq
}

fn on_frame(inner: &Inner, conn: u64, tx: &mpsc::UnboundedSender<String>, frame: Value) {
    let op = frame["op"].as_u64();
    let mut s = inner.lock();
    s.gateway_in.push(frame.clone());
    match op {
        // Heartbeat → Heartbeat ACK.
        Some(1) => {
            let _ = tx.send(json!({"op": 11, "s": null, "t": null, "d": null}).to_string());
        }
        // Identify → READY with s = 1.
        Some(2) => {
            let d = frame["d"].clone();
            let shard = d.get("shard").cloned().unwrap_or(json!([0, 1]));
            s.identify = Some(d);
            s.identifies += 1;
            s.session = Session {
                id: format!("fakesession{conn}"),
                seq: 1,
                sent: Vec::new(),
            };
            let ready = json!({
                "op": 0,
                "t": "READY",
                "s": 1,
                "d": {
                    "v": 10,
                    "user": bot_user_json(),
                    "guilds": [],
                    "session_id": s.session.id.clone(),
                    "resume_gateway_url": inner.gateway_url,
                    "shard": shard,
                    "application": {"id": FakeDiscord::APPLICATION_ID.to_string(), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                    "presences": [],
                    "guild_join_requests": [],
                    "geo_ordered_rtc_regions": [],
                    "user_settings": {},
                    "session_type": "normal",
                    "auth": {},
                    "_trace": ["[\"fake-discord\",{\"micros\":0}]"]
                }
            });
            let _ = tx.send(ready.to_string());
            s.shard = Some(ShardConn {
                conn,
                tx: tx.clone(),
            });
        }
        // Resume → the dispatches the client missed, in order, then RESUMED; an unknown
        // session gets op 9 (not resumable).
        Some(6) => {
            if frame["d"]["session_id"].as_str() != Some(s.session.id.as_str()) {
                let _ = tx.send(json!({"op": 9, "d": false}).to_string());
            } else {
                s.resumes += 1;
                let seen = frame["d"]["seq"].as_u64().unwrap_or(0);
                for (seq, sent) in &s.session.sent {
                    if *seq > seen {
                        let _ = tx.send(sent.clone());
                    }
                }
                s.session.seq += 1;
                let seq = s.session.seq;
                let _ = tx.send(json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}}).to_string());
                s.shard = Some(ShardConn {
                    conn,
                    tx: tx.clone(),
                });
            }
        }
        _ => {}
    }
    drop(s);
    inner.changed.notify_waiters();
}

// ---------------------------------------------------------------------------------------------
// REST

async fn rest(
    State(inner): State<Arc<Inner>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let (json, files) = parse_body(&content_type, &body);
    let mut call = Call {
        method: method.as_str().to_string(),
        path: uri.path().to_string(),
        query: uri.query().unwrap_or("").to_string(),
        json,
        files,
        authorization: headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        tls: headers.contains_key(TLS_MARK),
        status: 0,
        response: Value::Null,
    };
    let (status, response) = {
        let mut s = inner.lock();
        let failed = s
            .fail
            .iter_mut()
            .find(|(prefix, n)| *n > 0 && call.path.starts_with(prefix.as_str()))
            .map(|(_, n)| *n -= 1)
            .is_some();
        let limited = s
            .rate_limited
            .iter_mut()
            .find(|(prefix, n, _)| *n > 0 && call.path.starts_with(prefix.as_str()))
            .map(|(_, n, after)| {
                *n -= 1;
                *after
            });
        let (status, response) = if let Some(after) = limited {
            (
                429,
                json!({"message": "You are being rate limited.", "retry_after": after, "global": false, "code": 0}),
            )
        } else if failed {
            (
                500,
                json!({"message": "500: Internal Server Error", "code": 0}),
            )
        } else if let Some(refused) = strict(&s, &call) {
            refused
        } else {
            route(&inner, &mut s, &call)
        };
        call.status = status;
        call.response = response.clone();
        s.calls.push(call);
        (status, response)
    };
    inner.changed.notify_waiters();
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    if status == StatusCode::NO_CONTENT {
        status.into_response()
    } else {
        (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            response.to_string(),
        )
            .into_response()
    }
}

/// What Discord refuses before acting: a request that breaks its documented limits
/// (`discord_rules.rs`), and interaction answers that come too late.
fn strict(s: &FakeState, call: &Call) -> Option<(u16, Value)> {
    use super::discord_rules as rules;
    let rest = call.path.strip_prefix("/api/v10/")?;
    let seg: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
    let body = &call.json;
    let checked = match (call.method.as_str(), seg.as_slice()) {
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => rules::check_commands(body),
        ("POST", ["applications", _, "commands"])
        | ("POST", ["applications", _, "guilds", _, "commands"]) => rules::check_command("_", body),
        ("POST", ["interactions", _, token, "callback"]) => {
            let info = s.interactions.get(*token);
            let within = s
                .first_response_within
                .unwrap_or(FakeDiscord::FIRST_RESPONSE_WITHIN);
            if info.is_some_and(|i| i.created.elapsed() > within) {
                return Some((
                    404,
                    json!({"message": "Unknown interaction", "code": 10062}),
                ));
            }
            match body["type"].as_u64() {
                Some(8) => {
                    let kind = info.and_then(|i| i.focused_kind).unwrap_or(3);
                    rules::check_autocomplete(&body["data"], kind)
                }
                Some(4) | Some(7) => rules::check_message(&body["data"]),
                _ => Ok(()),
            }
        }
        (_, ["webhooks", _, token, ..]) => {
            let lifetime = s.token_lifetime.unwrap_or(FakeDiscord::TOKEN_LIFETIME);
            if s.interactions
                .get(*token)
                .is_some_and(|i| i.created.elapsed() > lifetime)
            {
                return Some((
                    401,
                    json!({"message": "Invalid Webhook Token", "code": 50027}),
                ));
            }
            if matches!(call.method.as_str(), "POST" | "PATCH") {
                rules::check_message(body)
            } else {
                Ok(())
            }
        }
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => {
            rules::check_message(body)
        }
        _ => Ok(()),
    };
    if let Err(v) = checked {
        return Some((400, v.body()));
    }
    channel_refusal(s, call, &seg)
}

/// Discord's permission bits the fake checks.
pub mod perm {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
}

/// The permissions taken from the bot in `channel`: its own, and (a thread) its parent's.
fn denied_in(s: &FakeState, channel: u64) -> u64 {
    let parent = s
        .channels
        .get(&channel)
        .and_then(|c| id_of(&c["parent_id"]));
    s.denied.get(&channel).copied().unwrap_or(0)
        | parent.and_then(|p| s.denied.get(&p)).copied().unwrap_or(0)
}

/// What Discord answers a bot acting in a channel it may not use: a deleted channel
/// (10003), one it cannot see (50001), a permission it lacks (50013), an archived thread
/// (50083), a locked one (160005).
fn channel_refusal(s: &FakeState, call: &Call, seg: &[&str]) -> Option<(u16, Value)> {
    let ["channels", id, rest @ ..] = seg else {
        return None;
    };
    let channel: u64 = id.parse().ok()?;
    if s.dm_user_of.contains_key(&channel) {
        return None;
    }
    if s.deleted.contains(&channel) {
        return Some((404, json!({"message": "Unknown Channel", "code": 10003})));
    }
    let thread = s
        .channels
        .get(&channel)
        .filter(|c| matches!(c["type"].as_u64(), Some(10..=12)));
    let denied = denied_in(s, channel);
    let missing_access = || Some((403, json!({"message": "Missing Access", "code": 50001})));
    let missing = || {
        Some((
            403,
            json!({"message": "Missing Permissions", "code": 50013}),
        ))
    };
    if denied & perm::VIEW_CHANNEL != 0 {
        return missing_access();
    }
    match (call.method.as_str(), rest) {
        ("POST", ["messages"]) => {
            let send = if thread.is_some() {
                perm::SEND_MESSAGES_IN_THREADS
            } else {
                perm::SEND_MESSAGES
            };
            if denied & send != 0 || (!call.files.is_empty() && denied & perm::ATTACH_FILES != 0) {
                return missing();
            }
            if s.locked.contains(&channel) {
                return Some((403, json!({"message": "Thread is locked", "code": 160005})));
            }
            if s.archived.contains(&channel) {
                return Some((400, json!({"message": "Thread is archived", "code": 50083})));
            }
            None
        }
        ("POST", ["messages", _, "threads"]) | ("POST", ["threads"]) => {
            if denied & perm::CREATE_PUBLIC_THREADS != 0 {
                missing()
            } else {
                None
            }
        }
        ("PATCH", []) => {
            // Un-archiving: the bot may reopen a thread it made unless it is locked (then
            // only with Manage Threads).
            let manage = denied & perm::MANAGE_THREADS == 0;
            if s.locked.contains(&channel) && !manage {
                missing()
            } else {
                None
            }
        }
        _ => None,
    }
}

fn not_found() -> (u16, Value) {
    (404, json!({"message": "404: Not Found", "code": 0}))
}

fn route(inner: &Inner, s: &mut FakeState, call: &Call) -> (u16, Value) {
    let Some(rest) = call.path.strip_prefix("/api/v10/") else {
        return not_found();
    };
    let seg: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
    let num = |i: usize| seg.get(i).and_then(|p| p.parse::<u64>().ok());
    let app = FakeDiscord::APPLICATION_ID.to_string();
    let body = &call.json;
    let files = &call.files;
    match (call.method.as_str(), seg.as_slice()) {
        ("GET", ["gateway"]) => (200, json!({"url": inner.gateway_url})),
        ("GET", ["gateway", "bot"]) => (
            200,
            json!({
                "url": inner.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1
                }
            }),
        ),
        ("GET", ["users", "@me"]) => (200, bot_user_json()),
        ("GET", ["oauth2", "applications", "@me"]) => (200, application_json()),

        // Interaction responses.
        ("POST", ["interactions", _, token, "callback"]) => {
            interaction_callback(inner, s, token, body, files)
        }
        ("GET", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            match s.originals.get(*token).and_then(|id| s.messages.get(id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            let info = interaction_info(s, token);
            let before_flags = s
                .originals
                .get(*token)
                .and_then(|id| s.messages.get(id))
                .and_then(|m| m["flags"].as_u64());
            let id = match s.originals.get(*token) {
                Some(id) => *id,
                None => {
                    let id = s.new_id();
                    s.originals.insert(token.to_string(), id);
                    id
                }
            };
            (
                200,
                edit_original(inner, s, id, &info, body, files, before_flags),
            )
        }
        ("DELETE", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            match s.originals.remove(*token) {
                Some(id) => {
                    s.messages.remove(&id);
                    (204, Value::Null)
                }
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("POST", ["webhooks", a, token]) if *a == app => {
            let info = interaction_info(s, token);
            // The first follow-up of a response still "thinking" (deferred, LOADING = 128)
            // replaces that response, and keeps its privacy.
            let loading = s.originals.get(*token).copied().filter(|id| {
                s.messages
                    .get(id)
                    .and_then(|m| m["flags"].as_u64())
                    .is_some_and(|f| f & 128 != 0)
            });
            if let Some(id) = loading {
                let before = s.messages[&id]["flags"].as_u64();
                return (200, edit_original(inner, s, id, &info, body, files, before));
            }
            let id = s.new_id();
            let m = upsert_message(
                inner,
                s,
                id,
                info.channel,
                info.guild,
                body,
                files,
                20,
                true,
            );
            (200, m)
        }
        ("GET", ["webhooks", a, _, "messages", _]) if *a == app => {
            match num(4).and_then(|id| s.messages.get(&id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["webhooks", a, token, "messages", _]) if *a == app => {
            let info = interaction_info(s, token);
            match num(4) {
                Some(id) if s.messages.contains_key(&id) => {
                    let m = upsert_message(
                        inner,
                        s,
                        id,
                        info.channel,
                        info.guild,
                        body,
                        files,
                        20,
                        true,
                    );
                    (200, m)
                }
                _ => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("DELETE", ["webhooks", a, _, "messages", _]) if *a == app => {
            match num(4).and_then(|id| s.messages.remove(&id)) {
                Some(_) => (204, Value::Null),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }

        // Commands.
        ("PUT", ["applications", a, "commands"]) if *a == app => (200, put_commands(s, None, body)),
        ("PUT", ["applications", a, "guilds", _, "commands"]) if *a == app => {
            (200, put_commands(s, num(3), body))
        }
        ("GET", ["applications", a, "commands"]) if *a == app => (
            200,
            Value::Array(s.commands.get(&None).cloned().unwrap_or_default()),
        ),
        ("GET", ["applications", a, "guilds", _, "commands"]) if *a == app => (
            200,
            Value::Array(s.commands.get(&num(3)).cloned().unwrap_or_default()),
        ),
        ("POST", ["applications", a, "commands"]) if *a == app => {
            (201, post_command(s, None, body))
        }
        ("POST", ["applications", a, "guilds", _, "commands"]) if *a == app => {
            (201, post_command(s, num(3), body))
        }

        // Channels and messages.
        ("POST", ["channels", _, "messages"]) => {
            let Some(channel) = num(1) else {
                return not_found();
            };
            if let Some(user) = s.dm_user_of.get(&channel) {
                if s.closed_dms.contains(user) {
                    return (
                        403,
                        json!({"code": 50007, "message": "Cannot send messages to this user"}),
                    );
                }
            }
            // A nonce that is enforced and already used in this channel gets the message
            // it made, not a second one (Discord keeps nonces for a few minutes).
            let nonce = match (&body["nonce"], body["enforce_nonce"] == json!(true)) {
                (Value::String(n), true) => Some(n.clone()),
                (Value::Number(n), true) => Some(n.to_string()),
                _ => None,
            };
            if let Some(earlier) = nonce
                .as_ref()
                .and_then(|n| s.nonces.get(&(channel, n.clone())))
                .and_then(|id| s.messages.get(id))
            {
                return (200, earlier.clone());
            }
            let guild = s.guild_of.get(&channel).copied();
            let id = s.new_id();
            let m = upsert_message(inner, s, id, channel, guild, body, files, 0, false);
            if let Some(n) = nonce {
                s.nonces.insert((channel, n), id);
            }
            (200, m)
        }
        ("GET", ["channels", _, "messages", _]) => {
            match num(3).and_then(|id| s.messages.get(&id)) {
                Some(m) => (200, m.clone()),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("PATCH", ["channels", _, "messages", _]) => {
            let (Some(channel), Some(id)) = (num(1), num(3)) else {
                return not_found();
            };
            if !s.messages.contains_key(&id) {
                return (404, json!({"message": "Unknown Message", "code": 10008}));
            }
            let guild = s.guild_of.get(&channel).copied();
            let m = upsert_message(inner, s, id, channel, guild, body, files, 0, false);
            (200, m)
        }
        ("DELETE", ["channels", _, "messages", _]) => {
            match num(3).and_then(|id| s.messages.remove(&id)) {
                Some(_) => (204, Value::Null),
                None => (404, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        ("POST", ["channels", _, "messages", _, "threads"]) => {
            let (Some(parent), Some(message)) = (num(1), num(3)) else {
                return not_found();
            };
            // Discord gives a thread started from a message the message's id.
            let thread = create_thread(s, parent, message, body, 11);
            if let Some(m) = s.messages.get_mut(&message) {
                m["thread"] = thread.clone();
            }
            (201, thread)
        }
        ("POST", ["channels", _, "threads"]) => {
            let Some(parent) = num(1) else {
                return not_found();
            };
            let id = s.new_id();
            let kind = body["type"].as_u64().unwrap_or(12);
            (201, create_thread(s, parent, id, body, kind))
        }
        ("PATCH", ["channels", _]) => {
            let Some(id) = num(1) else { return not_found() };
            let Some(mut channel) = s.channels.get(&id).cloned() else {
                return (404, json!({"message": "Unknown Channel", "code": 10003}));
            };
            if body["archived"] == json!(false) {
                s.archived.remove(&id);
                channel["thread_metadata"]["archived"] = json!(false);
            }
            if body["locked"] == json!(false) {
                s.locked.remove(&id);
                channel["thread_metadata"]["locked"] = json!(false);
            }
            if let Some(name) = body["name"].as_str() {
                channel["name"] = json!(name);
            }
            s.channels.insert(id, channel.clone());
            (200, channel)
        }
        ("PUT", ["channels", _, "thread-members", _])
        | ("DELETE", ["channels", _, "thread-members", _]) => (204, Value::Null),
        ("POST", ["channels", _, "typing"]) => (204, Value::Null),
        ("GET", ["channels", _]) => {
            let Some(id) = num(1) else { return not_found() };
            match s.channels.get(&id) {
                Some(c) => (200, c.clone()),
                None => {
                    let guild = s
                        .guild_of
                        .get(&id)
                        .copied()
                        .unwrap_or(FakeDiscord::GUILD_ID);
                    (200, text_channel_json(id, guild))
                }
            }
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = id_of(&body["recipient_id"]) else {
                return (400, json!({"message": "Invalid Form Body", "code": 50035}));
            };
            let id = match s.dm_channel_of.get(&user) {
                Some(id) => *id,
                None => {
                    let id = s.new_id();
                    s.dm_channel_of.insert(user, id);
                    s.dm_user_of.insert(id, user);
                    id
                }
            };
            let channel = json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "flags": 0,
                "recipients": [user_json(user, &format!("user{user}"))]
            });
            s.channels.insert(id, channel.clone());
            (200, channel)
        }
        _ => not_found(),
    }
}

/// Edits an interaction's original response `id` with `body`. Editing a deferred response
/// ends its "thinking" state (flag LOADING = 128); whether it is ephemeral (64) was fixed
/// by its first callback (`before_flags`), whatever the edit asks.
fn edit_original(
    inner: &Inner,
    s: &mut FakeState,
    id: u64,
    info: &InteractionInfo,
    body: &Value,
    files: &[(String, Vec<u8>)],
    before_flags: Option<u64>,
) -> Value {
    let mut m = upsert_message(
        inner,
        s,
        id,
        info.channel,
        info.guild,
        body,
        files,
        20,
        true,
    );
    let fixed = before_flags.unwrap_or(0) & 64;
    m["flags"] = json!((m["flags"].as_u64().unwrap_or(0) & !128 & !64) | fixed);
    s.messages.insert(id, m.clone());
    m
}

fn interaction_info(s: &FakeState, token: &str) -> InteractionInfo {
    s.interactions
        .get(token)
        .cloned()
        .unwrap_or(InteractionInfo {
            channel: FakeDiscord::CHANNEL_ID,
            guild: Some(FakeDiscord::GUILD_ID),
            message: None,
            created: std::time::Instant::now(),
            focused_kind: None,
        })
}

fn interaction_callback(
    inner: &Inner,
    s: &mut FakeState,
    token: &str,
    body: &Value,
    files: &[(String, Vec<u8>)],
) -> (u16, Value) {
    if !s.acknowledged.insert(token.to_string()) {
        return (
            400,
            json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
        );
    }
    let info = interaction_info(s, token);
    let data = body.get("data").cloned().unwrap_or(json!({}));
    match body["type"].as_u64() {
        // CHANNEL_MESSAGE_WITH_SOURCE
        Some(4) => {
            let id = s.new_id();
            s.originals.insert(token.to_string(), id);
            upsert_message(
                inner,
                s,
                id,
                info.channel,
                info.guild,
                &data,
                files,
                20,
                true,
            );
        }
        // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: a "thinking" message (flag LOADING = 128).
        Some(5) => {
            let id = s.new_id();
            s.originals.insert(token.to_string(), id);
            let flags = data["flags"].as_u64().unwrap_or(0) | 128;
            let data = json!({"content": "", "flags": flags});
            upsert_message(inner, s, id, info.channel, info.guild, &data, &[], 20, true);
        }
        // DEFERRED_UPDATE_MESSAGE / UPDATE_MESSAGE: the component's message is the original.
        Some(6) | Some(7) => {
            if let Some(m) = info.message {
                s.originals.insert(token.to_string(), m);
                if body["type"] == 7 {
                    upsert_message(
                        inner,
                        s,
                        m,
                        info.channel,
                        info.guild,
                        &data,
                        files,
                        0,
                        false,
                    );
                }
            }
        }
        // PONG, APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, MODAL, ...: nothing to keep.
        Some(_) => {}
        None => {
            s.acknowledged.remove(token);
            return (400, json!({"message": "Invalid Form Body", "code": 50035}));
        }
    }
    (204, Value::Null)
}

/// Creates message `id` from `payload` (a CreateMessage-like body) or applies `payload` as an
/// edit to it. Returns the stored message.
#[allow(clippy::too_many_arguments)]
fn upsert_message(
    inner: &Inner,
    s: &mut FakeState,
    id: u64,
    channel: u64,
    guild: Option<u64>,
    payload: &Value,
    files: &[(String, Vec<u8>)],
    kind: u64,
    by_webhook: bool,
) -> Value {
    let now = serenity::model::Timestamp::now().to_string();
    let existing = s.messages.get(&id).cloned();
    let mut m = match existing.clone() {
        Some(m) => m,
        None => {
            let mut m = json!({
                "id": id.to_string(),
                "channel_id": channel.to_string(),
                "author": bot_user_json(),
                "content": "",
                "timestamp": now,
                "edited_timestamp": null,
                "tts": false,
                "mention_everyone": false,
                "mentions": [],
                "mention_roles": [],
                "attachments": [],
                "embeds": [],
                "components": [],
                "pinned": false,
                "type": kind,
                "flags": 0,
            });
            if let Some(g) = guild {
                m["guild_id"] = json!(g.to_string());
            }
            if by_webhook {
                m["webhook_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
                m["application_id"] = json!(FakeDiscord::APPLICATION_ID.to_string());
            }
            m
        }
    };
    if existing.is_some() {
        m["edited_timestamp"] = json!(now);
    }
    for key in ["content", "embeds", "components", "tts", "flags"] {
        if let Some(v) = payload.get(key) {
            if !v.is_null() {
                m[key] = v.clone();
            }
        }
    }
    if let Some(content) = payload.get("content").and_then(Value::as_str) {
        m["mentions"] = Value::Array(
            mentioned_users(content)
                .into_iter()
                .map(|u| user_json(u, &format!("user{u}")))
                .collect(),
        );
        m["mention_everyone"] = json!(content.contains("@everyone"));
    }
    if let Some(r) = payload.get("message_reference") {
        if !r.is_null() {
            m["message_reference"] = r.clone();
            m["type"] = json!(19);
        }
    }
    // Attachments: an `attachments` list keeps the existing ones it names (by snowflake id) and
    // describes the new files (by index); without it, existing ones stay and files are added.
    let old: Vec<Value> = m["attachments"].as_array().cloned().unwrap_or_default();
    let mut attachments: Vec<Value> = match payload.get("attachments").and_then(Value::as_array) {
        Some(list) => old
            .into_iter()
            .filter(|a| list.iter().any(|k| id_of(&k["id"]) == id_of(&a["id"])))
            .collect(),
        None => old,
    };
    for (filename, bytes) in files {
        let aid = s.new_id();
        let url = format!("{}/attachments/{channel}/{aid}/{filename}", inner.http_url);
        let mut a = json!({
            "id": aid.to_string(),
            "filename": filename,
            "size": bytes.len(),
            "url": url,
            "proxy_url": url,
            "content_type": content_type_of(filename),
        });
        if let Some((w, h)) = png_size(bytes) {
            a["width"] = json!(w);
            a["height"] = json!(h);
        }
        attachments.push(a);
    }
    m["attachments"] = Value::Array(attachments);
    s.messages.insert(id, m.clone());
    m
}

/// Users mentioned as `<@id>` or `<@!id>` in `content`.
fn mentioned_users(content: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for piece in content.split("<@").skip(1) {
        let piece = piece.strip_prefix('!').unwrap_or(piece);
        if let Some(end) = piece.find('>') {
            if let Ok(id) = piece[..end].parse::<u64>() {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

fn content_type_of(filename: &str) -> &'static str {
    let lower = filename.to_ascii_lowercase();
    if lower.ends_with(".png") {
        "image/png"
    } else if lower.ends_with(".txt") || lower.ends_with(".pgn") {
        "text/plain; charset=utf-8"
    } else if lower.ends_with(".json") {
        "application/json"
    } else {
        "application/octet-stream"
    }
}

/// Width and height from a PNG's IHDR.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != b"\x89PNG\r\n\x1a\n" || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

fn create_thread(s: &mut FakeState, parent: u64, id: u64, body: &Value, kind: u64) -> Value {
    let guild = s
        .guild_of
        .get(&parent)
        .copied()
        .unwrap_or(FakeDiscord::GUILD_ID);
    let name = body["name"].as_str().unwrap_or("thread").to_string();
    let archive = body["auto_archive_duration"].as_u64().unwrap_or(4320);
    let thread = json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": FakeDiscord::BOT_USER_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": body["rate_limit_per_user"].as_u64().unwrap_or(0),
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive,
            "archive_timestamp": serenity::model::Timestamp::now().to_string(),
            "locked": false,
            "create_timestamp": serenity::model::Timestamp::now().to_string(),
            "invitable": body["invitable"].as_bool().unwrap_or(true)
        },
        "member": {
            "id": id.to_string(),
            "user_id": FakeDiscord::BOT_USER_ID.to_string(),
            "join_timestamp": serenity::model::Timestamp::now().to_string(),
            "flags": 0
        }
    });
    s.guild_of.insert(id, guild);
    s.channels.insert(id, thread.clone());
    thread
}

fn put_commands(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let list: Vec<Value> = body
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| echo_command(s, guild, c))
        .collect();
    s.commands.insert(guild, list.clone());
    Value::Array(list)
}

fn post_command(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let c = echo_command(s, guild, body);
    let list = s.commands.entry(guild).or_default();
    list.retain(|old| old["name"] != c["name"] || old["type"] != c["type"]);
    list.push(c.clone());
    c
}

/// What Discord returns for a registered command: the body plus ids (stable per name, as
/// Discord keeps them on overwrite) and defaults.
fn echo_command(s: &mut FakeState, guild: Option<u64>, body: &Value) -> Value {
    let mut c = match body {
        Value::Object(m) => m.clone(),
        _ => Map::new(),
    };
    let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
    let name = c
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let key = (guild, format!("{kind}:{name}"));
    let id = match s.command_ids.get(&key) {
        Some(id) => *id,
        None => {
            let id = s.new_id();
            s.command_ids.insert(key, id);
            id
        }
    };
    let version = s.new_id();
    c.insert("id".into(), json!(id.to_string()));
    c.insert("type".into(), json!(kind));
    c.insert(
        "application_id".into(),
        json!(FakeDiscord::APPLICATION_ID.to_string()),
    );
    c.insert("version".into(), json!(version.to_string()));
    if let Some(g) = guild {
        c.insert("guild_id".into(), json!(g.to_string()));
    }
    c.entry("description").or_insert(json!(""));
    c.entry("default_member_permissions").or_insert(Value::Null);
    c.entry("nsfw").or_insert(json!(false));
    if guild.is_none() {
        c.entry("integration_types").or_insert(json!([0]));
        c.entry("contexts").or_insert(Value::Null);
    }
    Value::Object(c)
}

// ---------------------------------------------------------------------------------------------
// Bodies

fn parse_body(content_type: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    if body.is_empty() {
        return (Value::Null, Vec::new());
    }
    let lower = content_type.to_ascii_lowercase();
    if lower.starts_with("multipart/form-data") {
        let boundary = content_type
            .split(';')
            .filter_map(|p| p.trim().strip_prefix("boundary="))
            .next()
            .map(|b| b.trim_matches('"').to_string());
        if let Some(boundary) = boundary {
            return parse_multipart(&boundary, body);
        }
    }
    let json = serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()));
    (json, Vec::new())
}

/// Splits a multipart/form-data body: `payload_json` becomes the JSON, parts with a filename
/// become files, other text fields are added to the JSON object.
fn parse_multipart(boundary: &str, body: &[u8]) -> (Value, Vec<(String, Vec<u8>)>) {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut json = Value::Null;
    let mut fields = Map::new();
    let mut files = Vec::new();
    let mut pos = match find(body, &delimiter, 0) {
        Some(p) => p + delimiter.len(),
        None => return (Value::Null, files),
    };
    loop {
        // After a delimiter: "--" ends the body, else CRLF then the part.
        if body[pos..].starts_with(b"--") {
            break;
        }
        let start = match find(body, b"\r\n", pos) {
            Some(p) => p + 2,
            None => break,
        };
        let Some(next) = find(body, &delimiter, start) else {
            break;
        };
        // The part's content ends with the CRLF before the next delimiter.
        let part = &body[start..next.saturating_sub(2).max(start)];
        pos = next + delimiter.len();
        let Some(header_end) = find(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..header_end]).into_owned();
        let content = &part[header_end + 4..];
        let mut name = None;
        let mut filename = None;
        for line in head.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            if !key.trim().eq_ignore_ascii_case("content-disposition") {
                continue;
            }
            for (k, v) in disposition_params(value) {
                match k.as_str() {
                    "name" => name = Some(v),
                    "filename" if filename.is_none() => filename = Some(v),
                    "filename*" => filename = Some(decode_ext_value(&v)),
                    _ => {}
                }
            }
        }
        match (name.as_deref(), filename) {
            (_, Some(f)) => files.push((f, content.to_vec())),
            (Some("payload_json"), None) => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null);
            }
            (Some(n), None) => {
                fields.insert(
                    n.to_string(),
                    Value::String(String::from_utf8_lossy(content).into_owned()),
                );
            }
            (None, None) => {}
        }
    }
    if !fields.is_empty() {
        match &mut json {
            Value::Object(m) => {
                for (k, v) in fields {
                    m.entry(k).or_insert(v);
                }
            }
            _ => json = Value::Object(fields),
        }
    }
    (json, files)
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() || needle.is_empty() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// `form-data; name="files[0]"; filename="b.png"` → [(name, files[0]), (filename, b.png)].
fn disposition_params(value: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = value.chars().peekable();
    loop {
        // Skip to after the next ';'.
        let mut skipped = false;
        for c in chars.by_ref() {
            if c == ';' {
                skipped = true;
                break;
            }
        }
        if !skipped {
            break;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ';' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if chars.peek() != Some(&'=') {
            continue;
        }
        chars.next();
        let mut v = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            v.push(n);
                        }
                    }
                    '"' => break,
                    c => v.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ';' {
                    break;
                }
                v.push(c);
                chars.next();
            }
        }
        out.push((key.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    out
}

/// RFC 5987 `utf-8''b%C3%A9.png` → `bé.png`.
fn decode_ext_value(v: &str) -> String {
    let encoded = v.split_once("''").map(|(_, e)| e).unwrap_or(v);
    let bytes = encoded.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

// ---------------------------------------------------------------------------------------------
// Objects

fn bot_user_json() -> Value {
    json!({
        "id": FakeDiscord::BOT_USER_ID.to_string(),
        "username": FakeDiscord::BOT_NAME,
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "system": false,
        "mfa_enabled": false,
        "verified": true,
        "email": null,
        "flags": 0,
        "public_flags": 0,
        "premium_type": 0,
        "banner": null,
        "accent_color": null,
        "locale": "en-US"
    })
}

fn application_json() -> Value {
    json!({
        "id": FakeDiscord::APPLICATION_ID.to_string(),
        "name": FakeDiscord::BOT_NAME,
        "icon": null,
        "description": "",
        "summary": "",
        "type": null,
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
        "flags": 0,
        "owner": user_json(700_000_000_000_000_001, "owner"),
        "team": null,
        "bot": bot_user_json(),
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "tags": [],
        "approximate_guild_count": 1
    })
}

fn text_channel_json(id: u64, guild: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": "general",
        "position": 0,
        "permission_overwrites": [],
        "parent_id": null,
        "topic": null,
        "nsfw": false,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0
    })
}

/// A user object as Discord sends it (new-style username, discriminator "0").
pub fn user_json(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "public_flags": 0,
        "flags": 0,
        "banner": null,
        "accent_color": null,
        "avatar_decoration_data": null,
        "collectibles": null,
        "primary_guild": null
    })
}

/// A guild member object as in an interaction (with `permissions`, which only interactions
/// carry).
pub fn member_json(id: u64, name: &str) -> Value {
    json!({
        "user": user_json(id, name),
        "roles": [],
        "premium_since": null,
        "permissions": "2147483647",
        "pending": false,
        "nick": null,
        "mute": false,
        "joined_at": "2024-03-13T19:19:14.040000+00:00",
        "flags": 0,
        "deaf": false,
        "avatar": null,
        "banner": null,
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null
    })
}

// ---------------------------------------------------------------------------------------------
// Interaction payloads (shaped like the examples in Discord's "Receiving and Responding" docs,
// plus the fields serenity requires).

/// The token the payload builders give interaction `id`.
pub fn interaction_token(id: u64) -> String {
    format!("itoken_{id}")
}

/// A stable command id for command `name` (what Discord would put in `data.id`).
pub fn command_id(name: &str) -> u64 {
    // FNV-1a, folded into the snowflake range.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    1_100_000_000_000_000_000 + h % 100_000_000_000_000_000
}

/// A string/integer/user... option of a command: `{"type": kind, "name", "value"}`.
/// Kinds: 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role, 10 number.
pub fn option(name: &str, kind: u8, value: Value) -> Value {
    json!({"type": kind, "name": name, "value": value})
}

/// A string option: `option(name, 3, value)`.
pub fn string_option(name: &str, value: &str) -> Value {
    option(name, 3, json!(value))
}

/// A user option (the value is the user's id as a string, as Discord sends it).
pub fn user_option(name: &str, user: u64) -> Value {
    option(name, 6, json!(user.to_string()))
}

/// The option being typed in an autocomplete interaction: `focused: true`, and the partial
/// value is always a string (Discord sends what was typed, even for integer options).
pub fn focused_option(name: &str, kind: u8, typed: &str) -> Value {
    json!({"type": kind, "name": name, "value": typed, "focused": true})
}

/// The fields every interaction has. `guild == 0` means a DM: `user` instead of `member`, a
/// private channel, context 1.
fn interaction_base(id: u64, kind: u8, guild: u64, channel: u64, user: (u64, &str)) -> Value {
    let mut i = json!({
        "id": id.to_string(),
        "application_id": FakeDiscord::APPLICATION_ID.to_string(),
        "type": kind,
        "token": interaction_token(id),
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": FakeDiscord::ATTACHMENT_SIZE_LIMIT,
        "app_permissions": "2251799813685247",
        "channel_id": channel.to_string(),
    });
    if guild == 0 {
        i["user"] = user_json(user.0, user.1);
        i["channel"] = json!({
            "id": channel.to_string(),
            "type": 1,
            "last_message_id": null,
            "flags": 0,
            "recipients": [user_json(user.0, user.1)]
        });
        i["authorizing_integration_owners"] = json!({"0": "0"});
        i["context"] = json!(1);
    } else {
        i["guild_id"] = json!(guild.to_string());
        i["guild"] = json!({"id": guild.to_string(), "locale": "en-US", "features": []});
        i["guild_locale"] = json!("en-US");
        i["member"] = member_json(user.0, user.1);
        i["channel"] = json!({
            "id": channel.to_string(),
            "type": 0,
            "guild_id": guild.to_string(),
            "name": "general",
            "position": 0,
            "parent_id": null,
            "topic": null,
            "nsfw": false,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "flags": 0,
            "permissions": "2251799813685247"
        });
        i["authorizing_integration_owners"] = json!({"0": guild.to_string()});
        i["context"] = json!(0);
    }
    i
}

/// A slash command (interaction type 2, command type 1). `options` is a JSON array of
/// [`option`]s (or `json!([])`).
pub fn slash_command(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    name: &str,
    options: Value,
) -> Value {
    let mut i = interaction_base(id, 2, guild, channel, user);
    i["data"] = command_data(guild, name, options);
    i
}

/// An autocomplete request (interaction type 4): like [`slash_command`], with one option in
/// `options` marked `focused: true` (see [`focused_option`]).
pub fn autocomplete(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    name: &str,
    options: Value,
) -> Value {
    let mut i = interaction_base(id, 4, guild, channel, user);
    i["data"] = command_data(guild, name, options);
    i
}

fn command_data(guild: u64, name: &str, options: Value) -> Value {
    let mut d = json!({
        "id": command_id(name).to_string(),
        "name": name,
        "type": 1,
        "options": if options.is_null() { json!([]) } else { options },
    });
    if guild != 0 {
        d["guild_id"] = json!(guild.to_string());
    }
    d
}

/// A button click (interaction type 3, component type 2) on message `message_id`, a message
/// of the bot's holding that button.
pub fn button(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    custom_id: &str,
    message_id: u64,
) -> Value {
    let mut message = json!({
        "id": message_id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user_json(),
        "content": "",
        "timestamp": "2024-06-01T12:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 20,
        "flags": 0,
        "application_id": FakeDiscord::APPLICATION_ID.to_string(),
        "webhook_id": FakeDiscord::APPLICATION_ID.to_string(),
        "components": [{
            "type": 1,
            "components": [{"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}]
        }]
    });
    if guild != 0 {
        message["guild_id"] = json!(guild.to_string());
    }
    button_on_message(id, guild, channel, user, custom_id, message)
}

/// A button click on a given message object (e.g. `fake.message(id).unwrap()`, so the
/// interaction carries the message as the bot posted it).
pub fn button_on_message(
    id: u64,
    guild: u64,
    channel: u64,
    user: (u64, &str),
    custom_id: &str,
    message: Value,
) -> Value {
    let mut i = interaction_base(id, 3, guild, channel, user);
    i["message"] = message;
    i["data"] = json!({"custom_id": custom_id, "component_type": 2});
    i
}

/// Marks an interaction as coming from a public thread (type 11) under `parent`.
pub fn in_thread(mut interaction: Value, parent: u64) -> Value {
    interaction["channel"]["type"] = json!(11);
    interaction["channel"]["parent_id"] = json!(parent.to_string());
    interaction["channel"]["thread_metadata"] = json!({
        "archived": false,
        "auto_archive_duration": 4320,
        "archive_timestamp": "2024-06-01T12:00:00.000000+00:00",
        "locked": false
    });
    interaction
}
