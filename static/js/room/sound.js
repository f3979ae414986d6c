// The table's sounds, made on the spot with Web Audio: no file to download on a slow network. One
// family of timbres (soft triangle and sine notes, a little filtered noise for a card's rustle, all
// through one gentle low-pass) so the cues sound like one set; each lasts under 400 ms.
import { settings } from "../settings.js";

const GAP_S = 0.11;       // two cues at once would blur: the second starts this much after the first
const BACKLOG_S = 0.3;    // a cue that would wait longer than this is dropped, never queued up
const SAME_CUE_S = 0.25;  // the same cue twice within this (a reply and an event saying one thing) sounds once

let audio = null;
let master = null;
let rustle = null;        // half a second of white noise, the raw stuff of flips and places
let nextStart = 0;
const lastPlayed = new Map();

// A note: a wave with a quick attack and an exponential fall, optionally sliding in pitch.
const note = (freq, at, dur, peak, wave = "triangle", to = freq) => ({ kind: "tone", freq, at, dur, peak, wave, to });
// A puff of noise through a band-pass at `freq`: the paper of a card.
const puff = (freq, at, dur, peak) => ({ kind: "noise", freq, at, dur, peak });

// Each cue's parts, by start and length in seconds. Pitches sit on one A-major-ish palette; the
// two bad news cues differ in shape, not harshness: "late" is a soft falling pair in the middle,
// "mistake" a low double bump.
export const CUES = {
  flip: [puff(3200, 0, 0.06, 0.5), note(1320, 0.005, 0.07, 0.14, "sine", 990)],
  place: [puff(1100, 0, 0.05, 0.4), note(247, 0, 0.13, 0.7, "triangle", 165)],
  won: [note(659, 0, 0.2, 0.45), note(831, 0.08, 0.2, 0.45), note(988, 0.16, 0.22, 0.5)],
  won_other: [note(554, 0, 0.16, 0.28), note(659, 0.08, 0.18, 0.28)],
  late: [note(587, 0, 0.17, 0.36, "sine"), note(494, 0.12, 0.22, 0.32, "sine")],
  mistake: [note(196, 0, 0.12, 0.6, "triangle", 174), note(196, 0.15, 0.16, 0.6, "triangle", 165)],
  turn: [note(660, 0, 0.22, 0.42, "sine"), note(880, 0.12, 0.24, 0.42, "sine")],
  end: [note(523, 0, 0.16, 0.4), note(659, 0.07, 0.16, 0.4), note(784, 0.14, 0.16, 0.4), note(1047, 0.21, 0.17, 0.42)],
  chat: [note(1175, 0, 0.09, 0.18, "sine", 1480)],
};

// Browsers let a page play sound only after the player has tapped or pressed a key. A touch counts
// at its pointerup (not its pointerdown), so the context is made on whichever event comes with the
// activation: navigator.userActivation says so where it exists, a trusted event (or `true`, said
// from inside one) elsewhere. A tap in the lobby already counts when the room opens.
function unlock(from) {
  const gesture = from === true || from?.isTrusted === true;
  const active = navigator.userActivation ? navigator.userActivation.hasBeenActive : gesture;
  if (!window.AudioContext || !active) return;
  if (!audio) {
    audio = new AudioContext();
    const soften = audio.createBiquadFilter();
    soften.type = "lowpass";
    soften.frequency.value = 4200;
    master = audio.createGain();
    master.connect(soften).connect(audio.destination);
  }
  // A phone may suspend the context (a call, the screen locked): any later tap wakes it again.
  if (audio.state !== "running") audio.resume?.().catch(() => {});
}
for (const type of ["pointerdown", "pointerup", "keydown"]) window.addEventListener(type, unlock, { capture: true, passive: true });
unlock(false);

function noiseBuffer() {
  if (rustle) return rustle;
  rustle = audio.createBuffer(1, Math.round(audio.sampleRate * 0.5), audio.sampleRate);
  const data = rustle.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return rustle;
}

function envelope(start, part) {
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(part.peak, start + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + part.dur);
  gain.connect(master);
  return gain;
}

function sound(start, part) {
  const at = start + part.at;
  let source;
  if (part.kind === "tone") {
    source = audio.createOscillator();
    source.type = part.wave;
    source.frequency.setValueAtTime(part.freq, at);
    if (part.to !== part.freq) source.frequency.exponentialRampToValueAtTime(part.to, at + part.dur);
    source.connect(envelope(at, part));
  } else {
    source = audio.createBufferSource();
    source.buffer = noiseBuffer();
    const band = audio.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = part.freq;
    band.Q.value = 1.4;
    source.connect(band).connect(envelope(at, part));
  }
  source.start(at);
  source.stop(at + part.dur + 0.02);
}

// The player's level, 0 (silent or muted) to 1: the slider's square, which the ear hears as even steps.
function level() {
  const { sound: on, volume } = settings();
  return on ? (Math.min(100, Math.max(0, Number(volume) || 0)) / 100) ** 2 : 0;
}

// Play the cue `name` now (or just after the one playing). Nothing happens before the player's
// first interaction, while muted, or at volume 0: not even a node is made.
export function play(name) {
  const parts = CUES[name];
  const gain = level();
  if (!parts || !gain || !audio || audio.state !== "running") return;
  const now = audio.currentTime;
  if (now - (lastPlayed.get(name) ?? -1) < SAME_CUE_S) return;
  const start = Math.max(now, nextStart);
  if (start - now > BACKLOG_S) return;
  lastPlayed.set(name, start);
  nextStart = start + GAP_S;
  master.gain.setValueAtTime(gain, start);
  for (const part of parts) sound(start, part);
}

// What the settings dialog plays when the volume moves (the dialog's change came with a gesture).
export function preview() {
  unlock(true);
  if (audio?.state === "running") play("place");
  else audio?.resume?.().then(() => play("place"), () => {});
}
