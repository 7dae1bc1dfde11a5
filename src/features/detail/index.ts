/** A program's detail page (SPEC 2): its data, episodes and where the user left off. */
export { default as EpisodePicker } from './EpisodePicker'
export { default as ResumePanel } from './ResumePanel'
export { DetailModel } from './models/detailModel'
export { ResumeModel, recordProgress } from './models/resumeModel'
