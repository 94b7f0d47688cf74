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
//! - Command definitions, message bodies (content ≤ 2,000, embeds, components, allowed
//!   mentions, attachments and the files' form fields), threads, interaction responses
//!   (their types, autocomplete results of the focused option's type) that break the rules
//!   of Discord's API description or documentation get 400
//!   `{"code":50035,"message":"Invalid Form Body"}`.
//! - An interaction's first response must come within 3 s of its dispatch, else 404
//!   `{"code":10062,"message":"Unknown interaction"}`; its token (edits, follow-ups) lasts
//!   15 min, then 401 `{"code":50027,"message":"Invalid Webhook Token"}`
//!   ([`FakeDiscord::set_deadlines`] shortens both for tests).
//! - Whether a response is ephemeral is fixed by its first callback (a deferred one
//!   included): edits cannot change it, and the first follow-up of a response still
//!   "thinking" edits that response, keeping its privacy.
//! - A message posted with `enforce_nonce` and a nonce already used in its channel is not
//!   posted again: the answer is the message that nonce made.
//!
//! Several shards, as Discord shards a big bot: each connection identifies with `shard:
//! [id, total]` and gets a session of its own; a guild's events go to the shard
//! `(guild_id >> 22) % total` ([`shard_of`]), so two processes running different shards
//! each get their own guilds' interactions. [`FakeDiscord::hold`] keeps requests
//! unanswered (a process killed while it waits for Discord).

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
    /// The form field of each file, in the same order (serenity names them `files[0]`, …).
    pub file_parts: Vec<String>,
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

/// One shard as the gateway knows it: its last session (kept while it is away, so that a
/// resume replays what it missed), its connection while connected, its Identify.
#[derive(Default)]
struct ShardSlot {
    conn: Option<ShardConn>,
    session: Session,
    identify: Option<Value>,
}

/// The shard that gets a guild's events, as Discord routes them.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
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
    /// The last Identify received, of any shard.
    identify: Option<Value>,
    /// Shards by id; `total` is the shard count they identified with.
    shards: std::collections::BTreeMap<u32, ShardSlot>,
    total: u32,
    /// Requests (path prefixes, how many more) left unanswered: recorded with status 0.
    held: Vec<(String, usize)>,
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
            // As Discord's servers answer: at once (see `start`).
            let _ = stream.set_nodelay(true);
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
        // Small writes (a WebSocket frame's header, then its payload) go out at once, as
        // from Discord's servers: with Nagle's algorithm the second would wait for the
        // bot's delayed acknowledgement, 40 ms now and then.
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
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

    /// Waits until shard `id` is connected (identified or resumed) and returns its
    /// Identify. Panics after `timeout`.
    pub async fn wait_shard(&self, id: u32, timeout: Duration) -> Value {
        self.wait_until(timeout, &format!("shard {id} connected"), |s| {
            let slot = s.shards.get(&id)?;
            slot.conn.as_ref()?;
            slot.identify.clone()
        })
        .await
    }

    /// The shards connected now, by id.
    pub fn connected_shards(&self) -> Vec<u32> {
        let s = self.inner.lock();
        s.shards
            .iter()
            .filter(|(_, slot)| slot.conn.is_some())
            .map(|(id, _)| *id)
            .collect()
    }

    /// Leaves the next `times` requests under `path_prefix` unanswered (recorded as calls
    /// with status 0): the bot waits for Discord until it gives up or is killed.
    pub fn hold(&self, path_prefix: &str, times: usize) {
        self.inner
            .lock()
            .held
            .push((normalize_prefix(path_prefix), times));
    }

    /// Sends a dispatch (op 0) with the next sequence number to the shard that serves its
    /// guild (`guild_id` of the data; shard 0 without one) and returns that number. Waits
    /// up to 10 s for that shard to be identified, then panics.
    pub async fn dispatch(&self, event: &str, data: Value) -> u64 {
        let guild = id_of(&data["guild_id"]).unwrap_or(0);
        let shard = self
            .wait_until(
                Duration::from_secs(10),
                "an identified shard to dispatch to",
                |s| {
                    let id = shard_of(guild, s.total);
                    s.shards.get(&id)?.conn.as_ref().map(|_| id)
                },
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
        let slot = s.shards.entry(shard).or_default();
        let seq = record_dispatch(slot, event, data);
        let frame = slot.session.sent.last().expect("just recorded").1.clone();
        let conn = slot.conn.as_mut().expect("identified shard");
        conn.tx
            .send(frame)
            .expect("fake Discord: the shard's connection is gone");
        seq
    }

    /// Records a dispatch in the session without sending it (it was "sent" on a
    /// connection that drops before the client reads it): call it before [`Self::reconnect`]
    /// and a client that resumes gets it replayed. After the reconnect it would race the
    /// client's resume, and a client that resumed first would never see it.
    pub fn dispatch_missed(&self, event: &str, data: Value) -> u64 {
        let mut s = self.inner.lock();
        if event == "INTERACTION_CREATE" {
            remember_interaction(&mut s, &data);
        }
        let shard = shard_of(id_of(&data["guild_id"]).unwrap_or(0), s.total);
        record_dispatch(s.shards.entry(shard).or_default(), event, data)
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

    /// Closes every shard's connection after `frame`.
    fn close_with(&self, frame: Value) {
        let mut s = self.inner.lock();
        for slot in s.shards.values_mut() {
            if let Some(shard) = slot.conn.take() {
                let _ = shard.tx.send(frame.to_string());
                let _ = shard.tx.send(CLOSE.to_string());
            }
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

mod gateway;
mod multipart;
mod payloads;
mod rest;

use gateway::*;
use multipart::*;
pub use payloads::*;
#[allow(unused_imports)] // only the tests that set permissions name it
pub use rest::perm;
use rest::*;
