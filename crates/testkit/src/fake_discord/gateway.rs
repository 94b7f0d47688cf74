//! The fake gateway: shards connect, identify or resume, and get the events tests
//! dispatch.

use super::*;

pub(super) async fn gateway(ws: WebSocketUpgrade, State(inner): State<Arc<Inner>>) -> Response {
    ws.max_message_size(16 * 1024 * 1024)
        .on_upgrade(move |socket| run_shard(inner, socket))
}

pub(super) async fn run_shard(inner: Arc<Inner>, mut socket: WebSocket) {
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
        for slot in s.shards.values_mut() {
            if slot.conn.as_ref().map(|sh| sh.conn) == Some(conn) {
                slot.conn = None;
            }
        }
    }
    inner.changed.notify_waiters();
}

/// Gives a dispatch the shard's session's next sequence number and keeps it for resumes.
pub(super) fn record_dispatch(slot: &mut ShardSlot, event: &str, data: Value) -> u64 {
    slot.session.seq += 1;
    let seq = slot.session.seq;
    let frame = json!({"op": 0, "t": event, "s": seq, "d": data}).to_string();
    slot.session.sent.push((seq, frame));
    seq
}

pub(super) fn on_frame(inner: &Inner, conn: u64, tx: &mpsc::UnboundedSender<String>, frame: Value) {
    let op = frame["op"].as_u64();
    let mut s = inner.lock();
    s.gateway_in.push(frame.clone());
    match op {
        // Heartbeat → Heartbeat ACK.
        Some(1) => {
            let _ = tx.send(json!({"op": 11, "s": null, "t": null, "d": null}).to_string());
        }
        // Identify → READY with s = 1, in a new session of the shard it names.
        Some(2) => {
            let d = frame["d"].clone();
            let shard = d.get("shard").cloned().unwrap_or(json!([0, 1]));
            let id = shard[0].as_u64().unwrap_or(0) as u32;
            s.total = shard[1].as_u64().unwrap_or(1).max(1) as u32;
            s.identify = Some(d.clone());
            s.identifies += 1;
            let slot = s.shards.entry(id).or_default();
            slot.identify = Some(d);
            slot.session = Session {
                id: format!("fakesession{conn}"),
                seq: 1,
                sent: Vec::new(),
            };
            let session_id = slot.session.id.clone();
            let ready = json!({
                "op": 0,
                "t": "READY",
                "s": 1,
                "d": {
                    "v": 10,
                    "user": bot_user_json(),
                    "guilds": [],
                    "session_id": session_id,
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
            s.shards.entry(id).or_default().conn = Some(ShardConn {
                conn,
                tx: tx.clone(),
            });
        }
        // Resume → the dispatches the client missed, in order, then RESUMED; an unknown
        // session gets op 9 (not resumable).
        Some(6) => {
            let wanted = frame["d"]["session_id"].as_str().unwrap_or("").to_string();
            let found = s
                .shards
                .values()
                .position(|slot| !wanted.is_empty() && slot.session.id == wanted);
            match found {
                None => {
                    let _ = tx.send(json!({"op": 9, "d": false}).to_string());
                }
                Some(index) => {
                    s.resumes += 1;
                    let slot = s.shards.values_mut().nth(index).expect("just found");
                    let seen = frame["d"]["seq"].as_u64().unwrap_or(0);
                    for (seq, sent) in &slot.session.sent {
                        if *seq > seen {
                            let _ = tx.send(sent.clone());
                        }
                    }
                    slot.session.seq += 1;
                    let seq = slot.session.seq;
                    let _ =
                        tx.send(json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}}).to_string());
                    slot.conn = Some(ShardConn {
                        conn,
                        tx: tx.clone(),
                    });
                }
            }
        }
        _ => {}
    }
    drop(s);
    inner.changed.notify_waiters();
}
